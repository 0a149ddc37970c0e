#include "apps/registered_apps.hpp"

namespace stacksplit::cli {

// Generated (apps/CMakeLists.txt): calls every app's registering function.
void register_apps(AppRegistry& registry);

}  // namespace stacksplit::cli

namespace stacksplit::apps {

const cli::AppRegistry& registered_apps() {
  static const cli::AppRegistry registry = [] {
    cli::AppRegistry r("application");
    cli::register_apps(r);
    return r;
  }();
  return registry;
}

}  // namespace stacksplit::apps
