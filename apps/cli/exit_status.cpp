#include "apps/cli/exit_status.hpp"

namespace stacksplit::cli {

namespace {
int status_value = 0;
}

void set_exit_status(int status) { status_value = status; }
int exit_status() { return status_value; }

}  // namespace stacksplit::cli
