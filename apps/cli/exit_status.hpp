#pragma once
// The process exit status a command asks for (SAT: 10 or 20, an interrupted
// run: 130); 0 unless a command sets it. main() returns it.

namespace stacksplit::cli {

void set_exit_status(int status);
int exit_status();

inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

}  // namespace stacksplit::cli
