#include "core/message.hpp"

namespace stacksplit::core {

const char* to_string(MessageTag tag) {
  switch (tag) {
    case MessageTag::kWorkRequest: return "work-request";
    case MessageTag::kWork: return "work";
    case MessageTag::kReject: return "reject";
    case MessageTag::kToken: return "token";
    case MessageTag::kStop: return "stop";
    case MessageTag::kTerminate: return "terminate";
    case MessageTag::kScheme: return "scheme";
  }
  return "unknown";
}

}  // namespace stacksplit::core
