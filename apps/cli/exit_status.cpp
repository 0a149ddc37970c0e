#include "apps/cli/exit_status.hpp"

#include <cassert>

namespace stacksplit::cli {

namespace {
int status_value = 0;
}

void set_exit_status(int status) {
  assert(status != 1 && status != 2 && "an error is an exception: run_front_end gives its status");
  status_value = status;
}
int exit_status() { return status_value; }

}  // namespace stacksplit::cli
