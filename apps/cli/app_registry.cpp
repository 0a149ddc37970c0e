#include "apps/cli/app_registry.hpp"

namespace stacksplit::cli {

// Generated (apps/CMakeLists.txt): calls every app's registering function.
void register_apps(AppRegistry& registry);

const AppRegistry& app_registry() {
  static const AppRegistry registry = [] {
    AppRegistry r("application");
    register_apps(r);
    return r;
  }();
  return registry;
}

}  // namespace stacksplit::cli
