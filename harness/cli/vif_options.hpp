#pragma once
// The command-line options that pick VIF1's disputed behaviours (vif/vif1_config.hpp), shared by the commands that
// run VIF1 (vif-cases, vif-run).

#include <boost/program_options.hpp>

#include "emu/vif/vif1_config.hpp"

namespace gcvu::harness {

void add_vif_behaviour_options(boost::program_options::options_description& options);
// Throws UsageError for a value that is not one of the choices.
vif::Vif1Config vif_config_from(const boost::program_options::variables_map& values);

}  // namespace gcvu::harness
