# bonework_add_qt_test(NAME SOURCES... [LIBS ...] [LABELS ...])
# A Qt Test executable registered with ctest under its own name.
function(bonework_add_qt_test name)
    cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
    qt_add_executable(${name} ${ARG_SOURCES})
    set_target_properties(${name} PROPERTIES MACOSX_BUNDLE OFF WIN32_EXECUTABLE OFF)
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests/support)
    # source_tree.h's fallback when BONEWORK_SOURCE_DIR is not set (a test run by hand)
    target_compile_definitions(${name} PRIVATE BONEWORK_TEST_SOURCE_TREE="${PROJECT_SOURCE_DIR}")
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;BONEWORK_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
        LABELS "${ARG_LABELS}")
    bonework_test_home(${name})
endfunction()

# Gives a test a home folder of its own in the build tree, so nothing it writes (settings,
# recent files, autosaves, caches; Qt's test mode puts them under ~/.qttest) lands in the
# home of whoever runs the suite. Call it after any set_tests_properties(... ENVIRONMENT).
function(bonework_test_home name)
    set(home ${CMAKE_BINARY_DIR}/test-home/${name})
    file(MAKE_DIRECTORY ${home})
    set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT
        "HOME=${home}" "XDG_CONFIG_HOME=${home}/.config" "XDG_CACHE_HOME=${home}/.cache"
        "XDG_DATA_HOME=${home}/.local/share" "XDG_STATE_HOME=${home}/.local/state")
endfunction()
