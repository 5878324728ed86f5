#include "harness/cli/options.hpp"

#include <charconv>
#include <ostream>
#include <system_error>
#include <vector>

namespace gcvu::harness {

namespace po = boost::program_options;

bool parse_command_line(const CommandLine& line, std::span<const std::string> args, Io& io, po::variables_map& values) {
  po::options_description visible("Options");
  visible.add_options()("help,h", "show this help");
  visible.add(line.options);
  po::options_description all;
  all.add(visible).add(line.arguments);
  try {
    std::vector<std::string> words(args.begin(), args.end());
    po::store(po::command_line_parser(words).options(all).positional(line.positional).run(), values);
    if (values.count("help") != 0) {
      io.out << "Usage: gcvu " << line.command << " " << line.synopsis << "\n\n"
             << line.description << "\n\n"
             << visible;
      return false;
    }
    po::notify(values);
  } catch (const po::error& error) {
    throw UsageError(error.what());
  }
  return true;
}

std::optional<uint64_t> parse_unsigned(std::string_view text, bool allow_hex) {
  std::string_view digits = text;
  int base = 10;
  if (allow_hex && digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    digits.remove_prefix(2);
    base = 16;
  }
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

}  // namespace gcvu::harness
