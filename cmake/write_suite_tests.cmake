# Run at build time (cmake -P) after the GoogleTest executable is linked: lists its tests and writes a CTest file
# with one test per GoogleTest suite. The tests named in SLOW_TESTS are left out of their suite and get a test of
# their own, labelled `slow`; `Suite.*` there labels the whole suite `slow`. A suite's COST is its number of tests, so that without timings from an earlier run
# (a fresh clone) CTest still starts the big suites (the golden corpora) first instead of ending on them.
# Inputs: TEST_EXECUTABLE, CTEST_FILE, WORKING_DIRECTORY, SLOW_TESTS (a ;-list of Suite.Name), TIMEOUT (seconds per
# test).
cmake_minimum_required(VERSION 3.25)  # policies: IN_LIST
execute_process(COMMAND "${TEST_EXECUTABLE}" --gtest_list_tests
                OUTPUT_VARIABLE listing RESULT_VARIABLE result TIMEOUT 60)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${TEST_EXECUTABLE} --gtest_list_tests failed (${result}):\n${listing}")
endif()

string(REPLACE "\n" ";" lines "${listing}")
set(suites "")
set(suite "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE " *#.*" "" line "${line}")  # "# GetParam() = ..." / "# TypeParam = ..." annotations
  if(line MATCHES "^([^ ]+)\\.$")
    set(suite "${CMAKE_MATCH_1}")
    list(APPEND suites "${suite}")
    set(slow_in_${suite} "")
    set(count_in_${suite} 0)
  elseif(line MATCHES "^  ([^ ]+)$" AND suite)
    math(EXPR count_in_${suite} "${count_in_${suite}} + 1")
    if("${suite}.${CMAKE_MATCH_1}" IN_LIST SLOW_TESTS)
      list(APPEND slow_in_${suite} "${suite}.${CMAKE_MATCH_1}")
    endif()
  endif()
endforeach()

set(script "")
foreach(suite IN LISTS suites)
  set(filter "${suite}.*")
  if("${filter}" IN_LIST SLOW_TESTS)
    string(APPEND script
      "add_test([==[${suite}]==] [==[${TEST_EXECUTABLE}]==] [==[--gtest_filter=${filter}]==])\n"
      "set_tests_properties([==[${suite}]==] PROPERTIES TIMEOUT ${TIMEOUT} COST ${count_in_${suite}} LABELS slow"
      " WORKING_DIRECTORY [==[${WORKING_DIRECTORY}]==])\n")
    continue()
  endif()
  if(slow_in_${suite})
    list(JOIN slow_in_${suite} ":" excluded)
    string(APPEND filter ":-${excluded}")
  endif()
  string(APPEND script
    "add_test([==[${suite}]==] [==[${TEST_EXECUTABLE}]==] [==[--gtest_filter=${filter}]==])\n"
    "set_tests_properties([==[${suite}]==] PROPERTIES TIMEOUT ${TIMEOUT} COST ${count_in_${suite}}"
    " WORKING_DIRECTORY [==[${WORKING_DIRECTORY}]==])\n")
  foreach(test IN LISTS slow_in_${suite})
    string(APPEND script
      "add_test([==[${test}]==] [==[${TEST_EXECUTABLE}]==] [==[--gtest_filter=${test}]==])\n"
      "set_tests_properties([==[${test}]==] PROPERTIES TIMEOUT ${TIMEOUT} LABELS slow"
      " WORKING_DIRECTORY [==[${WORKING_DIRECTORY}]==])\n")
  endforeach()
endforeach()
file(WRITE "${CTEST_FILE}" "${script}")
