#include "harness/cli/options.hpp"

#include <ostream>
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

}  // namespace gcvu::harness
