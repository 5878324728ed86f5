#include "formats/pcsx2/gs_dump_header.hpp"

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/byte_writer.hpp"

namespace gcvu::formats {

namespace {
constexpr uint32_t kHeaderStructSize = 36;  // GSDumpHeader: 9 x u32
constexpr uint32_t kMaxSerial = 256;
constexpr uint32_t kMaxScreenshot = 640 * 480 * 4;
// PCSX2 is at state version 9 (2025); leave room for later versions without accepting arbitrary data.
constexpr uint32_t kMaxPlausibleStateVersion = 32;
}  // namespace

GsDumpHeader read_gs_dump_header(std::span<const uint8_t> data, const std::string& source) {
  ByteReader reader(data, source);
  GsDumpHeader header;
  uint32_t first = reader.u32("dump marker or CRC");
  if (first != kGsDumpNewHeaderMarker) {
    header.crc = first;
    header.state_size = reader.u32("state size");
    header.state_offset = reader.position();
    if (header.state_size < 4 || header.state_size > kMaxGsStateSize) {
      reader.fail_at(4,
                     fmt::format("old-format GS state size {} is outside 4..{}", header.state_size, kMaxGsStateSize));
    }
    header.state_version = reader.peek_u32("GS state version");
    if (header.state_version == 0 || header.state_version > kMaxPlausibleStateVersion) {
      reader.fail(fmt::format("old-format GS state version {} is outside 1..{}", header.state_version,
                              kMaxPlausibleStateVersion));
    }
    return header;
  }
  header.new_format = true;
  uint32_t header_size = reader.u32("header size");
  size_t struct_start = reader.position();
  header.state_version = reader.u32("state_version");
  header.state_size = reader.u32("state_size");
  uint32_t serial_offset = reader.u32("serial_offset");
  uint32_t serial_size = reader.u32("serial_size");
  header.crc = reader.u32("crc");
  header.screenshot_width = reader.u32("screenshot_width");
  header.screenshot_height = reader.u32("screenshot_height");
  header.screenshot_offset = reader.u32("screenshot_offset");
  header.screenshot_size = reader.u32("screenshot_size");
  if (header.state_size < 4 || header.state_size > kMaxGsStateSize) {
    reader.fail_at(struct_start + 4,
                   fmt::format("GS state size {} is outside 4..{}", header.state_size, kMaxGsStateSize));
  }
  if (serial_offset != kHeaderStructSize) {
    reader.fail_at(struct_start + 8,
                   fmt::format("serial_offset is {}, the header struct is {} bytes", serial_offset, kHeaderStructSize));
  }
  if (serial_size > kMaxSerial) {
    reader.fail_at(struct_start + 12, fmt::format("serial_size {} exceeds {}", serial_size, kMaxSerial));
  }
  if (header.screenshot_size > kMaxScreenshot ||
      uint64_t{header.screenshot_width} * header.screenshot_height * 4 != header.screenshot_size) {
    reader.fail_at(struct_start + 32,
                   fmt::format("screenshot_size {} does not match {}x{} u32 pixels (max 640x480)",
                               header.screenshot_size, header.screenshot_width, header.screenshot_height));
  }
  uint64_t expected_size = uint64_t{kHeaderStructSize} + serial_size + header.screenshot_size;
  if (header_size != expected_size) {
    reader.fail_at(4, fmt::format("header_size is {}, but 36 + serial {} + screenshot {} = {}", header_size,
                                  serial_size, header.screenshot_size, expected_size));
  }
  // PCSX2 puts the screenshot right after the serial; accept any place inside the header, nothing outside it.
  if (header.screenshot_size != 0 && (header.screenshot_offset < kHeaderStructSize ||
                                      uint64_t{header.screenshot_offset} + header.screenshot_size > header_size)) {
    reader.fail_at(struct_start + 28, fmt::format("screenshot at {}..+{} is outside the {}-byte header",
                                                  header.screenshot_offset, header.screenshot_size, header_size));
  }
  reader.seek(struct_start + serial_offset, "serial");
  auto serial = reader.bytes(serial_size, "serial");
  header.serial.assign(serial.begin(), serial.end());
  header.state_offset = struct_start + header_size;
  reader.seek(header.state_offset, "GS state");
  uint32_t blob_version = reader.peek_u32("GS state version");
  if (blob_version != header.state_version) {
    reader.fail(
        fmt::format("the GS state blob says version {}, the header says {}", blob_version, header.state_version));
  }
  return header;
}

void write_gs_dump_header(const GsDumpHeader& header, std::span<const uint8_t> screenshot, ByteWriter& out,
                          const std::string& destination) {
  auto fail = [&](const std::string& rule) { throw FormatError(destination, 0, rule); };
  const uint64_t pixels = uint64_t{header.screenshot_width} * header.screenshot_height;
  if (pixels * 4 != header.screenshot_size || screenshot.size() != header.screenshot_size) {
    fail(fmt::format("screenshot of {} bytes (header: {}) does not match {}x{} u32 pixels", screenshot.size(),
                     header.screenshot_size, header.screenshot_width, header.screenshot_height));
  }
  if (header.screenshot_size > kMaxScreenshot) {
    fail(fmt::format("screenshot {}x{} is larger than 640x480", header.screenshot_width, header.screenshot_height));
  }
  if (header.serial.size() > kMaxSerial) {
    fail(fmt::format("serial of {} bytes exceeds {}", header.serial.size(), kMaxSerial));
  }
  if (!header.new_format) {
    if (!header.serial.empty() || header.screenshot_size != 0) {
      fail("an old-format header has no room for a serial or a screenshot");
    }
    out.u32(header.crc);
    out.u32(header.state_size);
    return;
  }
  const auto serial_size = static_cast<uint32_t>(header.serial.size());
  out.u32(kGsDumpNewHeaderMarker);
  out.u32(kHeaderStructSize + serial_size + header.screenshot_size);
  out.u32(header.state_version);
  out.u32(header.state_size);
  out.u32(kHeaderStructSize);  // serial_offset
  out.u32(serial_size);
  out.u32(header.crc);
  out.u32(header.screenshot_width);
  out.u32(header.screenshot_height);
  out.u32(kHeaderStructSize + serial_size);  // screenshot_offset: right after the serial
  out.u32(header.screenshot_size);
  for (char c : header.serial) out.u8(static_cast<uint8_t>(c));
  out.append(screenshot);
}

bool looks_like_gs_dump(std::span<const uint8_t> data) {
  try {
    read_gs_dump_header(data, "");
    return true;
  } catch (const FormatError&) {
    return false;
  }
}

}  // namespace gcvu::formats
