// The golden-case manifest (golden/README.md): every rule violation is an error naming the file.

#include "formats/golden/golden_case.hpp"

#include <gtest/gtest.h>

#include "formats/core/format_error.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

std::string error_of(const std::string& json) {
  return test::format_error_text([&] {
    parse_golden_case({reinterpret_cast<const uint8_t*>(json.data()), json.size()}, "case.json", "c");
  });
}

const std::string kMinimal =
    R"({"description": "d", "provenance": "pcsx2-sw@ade5762a4567fdac196a7d2da212688f91603f87",
        "command": ["info", "x"], "stdout_contains": ["y"]})";

TEST(GoldenCase, ParsesAndRoundTrips) {
  GoldenCase golden =
      parse_golden_case({reinterpret_cast<const uint8_t*>(kMinimal.data()), kMinimal.size()}, "case.json", "c");
  EXPECT_EQ(golden.name, "c");
  EXPECT_EQ(golden.provenance, Provenance::kPcsx2Software);
  EXPECT_EQ(provenance_text(golden), "pcsx2-sw@ade5762a4567fdac196a7d2da212688f91603f87");
  std::string text = write_golden_case(golden);
  GoldenCase again = parse_golden_case({reinterpret_cast<const uint8_t*>(text.data()), text.size()}, "w", "z");
  EXPECT_EQ(write_golden_case(again), text);
}

// Found by the golden_case fuzz target in CI: a number too large for a double made the JSON library throw an
// exception the reader did not catch (the process aborted). It is an error naming the number's last byte: "1e999"
// occupies bytes 16 to 20 (0x14) of the input below, and the parser stops after reading byte 20.
TEST(GoldenCase, NumberTooLargeForADoubleIsAnError) {
  const std::string text = error_of(R"({"description": 1e999})");
  EXPECT_EQ(text.rfind("case.json: offset 0x14: invalid JSON: ", 0), 0u) << text;
  EXPECT_NE(text.find("number overflow"), std::string::npos) << text;
}

// Found by the golden_case fuzz campaign: an exit code of 4.4e53 reached the JSON library's unchecked conversion to
// int (undefined behaviour). An exit status is 0..255 (POSIX wait status), and anything else is refused by name.
TEST(GoldenCase, ExitCodeOutsideAnExitStatusIsAnError) {
  const std::string expected = "case.json: offset 0x0: case: \"exit_code\" must be an integer from 0 to 255";
  for (const char* value : {"444444444444444444444444444444444444444444444444444445", "4.4e53", "1.5", "-1", "256",
                            "18446744073709551615", "\"1\""}) {
    EXPECT_EQ(error_of(std::string(R"({"description": "d", "provenance": "hardware", "command": ["x"],
                                       "stdout_contains": ["y"], "exit_code": )") +
                       value + "}"),
              expected)
        << value;
  }
  const std::string ok = R"({"description": "d", "provenance": "hardware", "command": ["x"], "stdout_contains": ["y"],
                             "exit_code": 255})";
  EXPECT_EQ(parse_golden_case({reinterpret_cast<const uint8_t*>(ok.data()), ok.size()}, "case.json", "c").exit_code,
            255);
}

TEST(GoldenCase, Errors) {
  EXPECT_NE(error_of("{\"description\": ").find("case.json: offset 0x"), std::string::npos);
  EXPECT_NE(error_of("{\"description\": ").find("invalid JSON"), std::string::npos);
  EXPECT_EQ(error_of("[1]"), "case.json: offset 0x0: the manifest must be a JSON object");
  EXPECT_EQ(error_of(R"({"provenance": "hardware", "command": ["x"]})"),
            "case.json: offset 0x0: case: missing required key \"description\"");
  EXPECT_EQ(error_of(R"({"description": "d", "provenance": "hardware", "command": ["x"], "colour": 1})"),
            "case.json: offset 0x0: case: unknown key \"colour\"");
  EXPECT_NE(error_of(R"({"description": "d", "provenance": "pcsx2-sw@xyz", "command": ["x"]})")
                .find("provenance \"pcsx2-sw@xyz\" is not"),
            std::string::npos);
  EXPECT_EQ(error_of(R"({"description": "d", "provenance": "hardware", "command": []})"),
            "case.json: offset 0x0: command must name a gcvu command");
  EXPECT_EQ(error_of(R"({"description": "d", "provenance": "hardware", "command": ["x"]})"),
            "case.json: offset 0x0: a case must check at least one output file or stdout_contains line");
  EXPECT_EQ(error_of(R"({"description": "d", "provenance": "hardware", "command": ["x"],
                        "outputs": [{"file": "o", "xxh3_128": "ABC"}]})"),
            "case.json: offset 0x0: outputs[0]: xxh3_128 must be 32 lower-case hex digits");
  EXPECT_EQ(error_of(R"({"description": "d", "provenance": "hardware", "command": ["x"],
                        "outputs": [{"file": "../o", "xxh3_128": "0123456789abcdef0123456789abcdef"}]})"),
            "case.json: offset 0x0: outputs[0]: file must be a relative path inside its folder");
  EXPECT_EQ(error_of(R"({"description": "d", "provenance": "hardware", "command": ["x"],
                        "outputs": [{"file": "o", "xxh3_128": "0123456789abcdef0123456789abcdef", "hash_of": "x"}]})"),
            "case.json: offset 0x0: outputs[0]: hash_of must be \"bytes\" or \"pixels\"");
  EXPECT_EQ(error_of(R"({"description": 5, "provenance": "hardware", "command": ["x"]})"),
            "case.json: offset 0x0: case: \"description\" has the wrong type");
}

}  // namespace
}  // namespace gcvu::formats
