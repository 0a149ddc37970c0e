#pragma once
// stacksplit's own applications, every folder under apps/ that registers one
// (apps/<name>/CMakeLists.txt names its registering function, and
// apps/CMakeLists.txt generates the function that calls them all), so adding
// an app edits no list outside its folder. The `stacksplit` program runs its
// front end over this registry.

#include "apps/cli/app_registry.hpp"

namespace stacksplit::apps {

const cli::AppRegistry& registered_apps();

}  // namespace stacksplit::apps
