# Install rules and the Debian package (cpack -G DEB, or scripts/package): the two programs,
# the examples, the docs, a desktop entry, the icon in the hicolor theme, the rig file type
# (shared-mime-info) and manual pages.
include(GNUInstallDirs)

set(_packaging ${PROJECT_SOURCE_DIR}/resources/packaging)
set(_share ${CMAKE_INSTALL_DATADIR})

install(TARGETS bonework bonework-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT editor)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/examples/ DESTINATION ${_share}/bonework/examples COMPONENT editor
        FILES_MATCHING PATTERN "*.json" PATTERN "*.png") # the rigs and their art (not its generator)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/schema/ DESTINATION ${_share}/bonework/schema COMPONENT editor)
# Help > Editor Guide looks for the guide here (app/editor/help_links.cpp).
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md ${_packaging}/copyright
        DESTINATION ${_share}/doc/bonework COMPONENT editor)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${_share}/doc/bonework COMPONENT editor
        PATTERN "man" EXCLUDE)
install(FILES ${_packaging}/bonework.desktop DESTINATION ${_share}/applications COMPONENT editor)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/bonework.svg DESTINATION ${_share}/icons/hicolor/scalable/apps COMPONENT editor)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/bonework.svg DESTINATION ${_share}/icons/hicolor/scalable/mimetypes
        RENAME application-x-bonework-rig.svg COMPONENT editor)
install(FILES ${_packaging}/bonework-rig.xml DESTINATION ${_share}/mime/packages RENAME bonework.xml COMPONENT editor)

# Manual pages, with the version filled in and compressed as Debian installs them.
foreach(_page bonework.1 bonework-cli.1)
    set(VERSION ${PROJECT_VERSION})
    configure_file(${PROJECT_SOURCE_DIR}/docs/man/${_page} ${CMAKE_CURRENT_BINARY_DIR}/man/${_page} @ONLY)
    add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/man/${_page}.gz
                       COMMAND gzip -9 -n -c ${CMAKE_CURRENT_BINARY_DIR}/man/${_page} > ${CMAKE_CURRENT_BINARY_DIR}/man/${_page}.gz
                       DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/man/${_page} VERBATIM)
    list(APPEND _man_pages ${CMAKE_CURRENT_BINARY_DIR}/man/${_page}.gz)
endforeach()
add_custom_target(bonework_man_pages ALL DEPENDS ${_man_pages})
install(FILES ${_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT editor)

# --- The Debian package ---------------------------------------------------------------------
set(CPACK_GENERATOR DEB)
# The desktop package holds the editor's component only; the runtime games link is installed
# with cmake --install --component runtime (docs/runtime.md).
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};${PROJECT_NAME};editor;/")
set(CPACK_PACKAGE_NAME bonework)
set(CPACK_PACKAGE_VENDOR "Bonework")
set(CPACK_PACKAGE_CONTACT "Bonework developers <developers@bonework.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "2D rig editor with inverse kinematics")
# CPack indents every line after the first by one space, as the control file wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Build, pose and export 2D skeletal rigs.
Bonework draws skeletons of joints and bones over artwork, with angle limits, pins and IK
chains solved by six solvers that keep every pose legal, previews motion, and exports Spine 4.2
and DragonBones 5.5 JSON for game runtimes. bonework-cli validates, solves and exports rigs
from the command line.")
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://bonework.invalid")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON) # the build keeps its debug information; the package does not
# The shared libraries the programs link (dpkg-shlibdeps), plus what the editor loads at run
# time without linking it: the QML modules its window imports (the start-up check's list,
# app/editor/qml_module_check.cpp) and the X11 platform plugin's cursor library.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "qml6-module-qtquick, qml6-module-qtquick-controls, qml6-module-qtquick-layouts, qml6-module-qtquick-templates, qml6-module-qtquick-window, qml6-module-qtqml, qml6-module-qtqml-models, qml6-module-qtqml-workerscript, qml6-module-qt-labs-folderlistmodel, libxcursor1, fonts-dejavu-core")
# Mesa's drivers (hardware OpenGL) and SVG icons: better with them, runs without.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri, qt6-svg-plugins")
include(CPack)
