#pragma once
// Solvers the process will not use again, left for its exit to take back.
// CaDiCaL frees a formula's clauses one by one: for a few million clauses
// that takes seconds (3 million clauses of random 3-SAT: about 2.5 s a
// solver, and the answer waited for the first), where the operating system
// takes a process's memory back at once. The command line, which exits after
// its one search, asks for it; a program that links the library and goes on
// gets the memory back as usual.

#include <cstddef>
#include <memory>

namespace stacksplit::apps::sat {

// Keeps `object` alive until the process exits, and never destroys it.
void leave_to_exit(std::shared_ptr<const void> object);
// How many objects were left so far.
std::size_t objects_left_to_exit();

}  // namespace stacksplit::apps::sat
