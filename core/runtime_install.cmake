# Installing the runtime that games link: the core library and its headers, the C API's shared
# library and bonework.h, a CMake package (find_package(Bonework)) and pkg-config files. No Qt
# in any of them: the editor's Qt-using parts (the exporters, the format registry) stay out.
include(CMakePackageConfigHelpers)

set(_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/Bonework)
install(TARGETS bonework_core bonework_c EXPORT BoneworkTargets COMPONENT runtime
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/bonework/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/bonework
        COMPONENT runtime
        FILES_MATCHING PATTERN "*.h"
        PATTERN "exporters" EXCLUDE
        PATTERN "formats" EXCLUDE
        PATTERN "rig_rules.h" EXCLUDE)
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/capi/bonework.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT runtime)
install(EXPORT BoneworkTargets NAMESPACE Bonework:: DESTINATION ${_cmake_dir} COMPONENT runtime)
configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/BoneworkConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfig.cmake INSTALL_DESTINATION ${_cmake_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfigVersion.cmake
        DESTINATION ${_cmake_dir} COMPONENT runtime)
foreach(_pc bonework bonework-core)
    configure_file(${CMAKE_CURRENT_SOURCE_DIR}/${_pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${_pc}.pc @ONLY)
    install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${_pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT runtime)
endforeach()
