#pragma once
// A simulated machine of two levels described in a file (--machine FILE), for
// a cluster no preset describes:
//
//   # 64 nodes of 64 cores on InfiniBand     comments run to the end of the line
//   name          my-cluster                 optional; default: the file's stem
//   t_node        1e-6                       the processor, as the presets' t_node
//   t_unit        0                          optional (0)
//   quantum       2                          optional (1)
//   header_bytes  16                         optional (16)
//
//   [node]                                   inside a node; every key required
//   cores         64
//   t_s           1e-7                       (the machine's node_t_s)
//   t_w           1e-10                      (node_t_w)
//   t_recv        1e-7                       (node_t_recv)
//
//   [network]                                between nodes; every key required
//   topology      complete                   over the nodes (a topology's name)
//   network       cut-through                or shared-medium
//   t_s           1e-6
//   t_h           1e-7
//   t_w           8e-11
//   t_recv        5e-7
//
// A key and its value are separated by blanks or '='. Both levels must be
// there: a file without one gets a line naming the level. Every fault is a
// core::InputError (FILE:LINE: what), so the front end exits with status 1.

#include <span>
#include <string>
#include <string_view>

#include "core/sim/machine_model.hpp"

namespace stacksplit::core {

// Reads the machine file at `path`; throws core::InputError naming the file
// and the line of the first fault (a missing level: the last line).
MachineModel read_machine_file(const std::string& path);

// --machine's value: a preset's name or the path of a machine file;
// `overrides` ("key=value", --machine-param) apply after either. Throws
// std::invalid_argument for an unknown name or a bad override, and
// core::InputError for a bad file.
MachineModel make_machine(std::string_view preset_or_file,
                          std::span<const std::string> overrides = {});

}  // namespace stacksplit::core
