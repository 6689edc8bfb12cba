# Installs the DragonBones runtime the export tests run (npm ci in RUNTIME_DIR), once, before any
# of them starts: each test would otherwise install it when missing, and two running at once
# would pull node_modules from under each other. Without npm the tests skip themselves.
find_program(NPM npm)
if(NOT NPM)
    message(STATUS "npm not found: the runtime checks will skip")
    return()
endif()
if(EXISTS "${RUNTIME_DIR}/node_modules/@cocos/dragonbones-js/package.json")
    return()
endif()
execute_process(COMMAND "${NPM}" ci --no-audit --no-fund WORKING_DIRECTORY "${RUNTIME_DIR}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "npm ci failed in ${RUNTIME_DIR}: ${result}")
endif()
