# Installing the runtime that games link: the core library and its headers, the C API's shared
# library and bonework.h, a CMake package (find_package(Bonework)) and pkg-config files. No Qt
# in any of them (nothing in core/ uses Qt); the exporters and the atlas, which only the editor's
# side uses, stay out.
# Bonework::core holds the rig loader too (core/bonework/io), with nlohmann's JSON built in.
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
        PATTERN "atlas" EXCLUDE
        PATTERN "formats" EXCLUDE
        PATTERN "rig_rules.h" EXCLUDE
        # The loader's insides: games get rig_file.h, editor_settings.h and slot_images.h
        # (json_*.h and the readers of joints and slots need nlohmann).
        PATTERN "json_*.h" EXCLUDE
        PATTERN "rig_joint_reader.h" EXCLUDE
        PATTERN "rig_slot_reader.h" EXCLUDE
        PATTERN "rig_animation_reader.h" EXCLUDE
        PATTERN "number_text.h" EXCLUDE
        PATTERN "atomic_file.h" EXCLUDE
        PATTERN "utf8.h" EXCLUDE
        PATTERN "escaped_text.h" EXCLUDE)
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/capi/bonework.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT runtime)
install(EXPORT BoneworkTargets NAMESPACE Bonework:: DESTINATION ${_cmake_dir} COMPONENT runtime)
configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/BoneworkConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfig.cmake INSTALL_DESTINATION ${_cmake_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/BoneworkConfigVersion.cmake
        DESTINATION ${_cmake_dir} COMPONENT runtime)
# The .pc files find their prefix from where they lie (${pcfiledir}), so an install put
# elsewhere than CMAKE_INSTALL_PREFIX (cmake --install --prefix, a staging folder) still works.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    set(BONEWORK_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
    file(RELATIVE_PATH _pc_to_prefix "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
    string(REGEX REPLACE "/$" "" _pc_to_prefix "${_pc_to_prefix}")
    set(BONEWORK_PC_PREFIX "\${pcfiledir}/${_pc_to_prefix}")
endif()
foreach(_pc bonework bonework-core)
    configure_file(${CMAKE_CURRENT_SOURCE_DIR}/${_pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${_pc}.pc @ONLY)
    install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${_pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT runtime)
endforeach()
