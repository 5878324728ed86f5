// Base64 against the test vectors of RFC 4648 §10.

#include "formats/core/base64.hpp"

#include <gtest/gtest.h>

#include <string_view>

namespace gcvu::formats {
namespace {

std::string encode(std::string_view text) {
  return encode_base64({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

TEST(Base64, Rfc4648Vectors) {
  EXPECT_EQ(encode(""), "");
  EXPECT_EQ(encode("f"), "Zg==");
  EXPECT_EQ(encode("fo"), "Zm8=");
  EXPECT_EQ(encode("foo"), "Zm9v");
  EXPECT_EQ(encode("foob"), "Zm9vYg==");
  EXPECT_EQ(encode("fooba"), "Zm9vYmE=");
  EXPECT_EQ(encode("foobar"), "Zm9vYmFy");
}

TEST(Base64, HighBytesUseTheLastTwoSymbols) {
  const std::vector<uint8_t> bytes = {0xFB, 0xFF, 0xBF};  // 111110 111111 111110 111111: 62 63 62 63
  EXPECT_EQ(encode_base64(bytes), "+/+/");
}

}  // namespace
}  // namespace gcvu::formats
