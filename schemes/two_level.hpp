#pragma once
// Two-level balancing, for a machine of nodes of several cores (a simulated
// cluster; core/topology/placement.hpp): work moves inside a node first,
// where a message is cheap, and between nodes by the scheme's own rule
// applied to the nodes. It is hierarchical work stealing as clusters of
// multi-core nodes call for (Min, Iancu & Yelick, "Hierarchical work stealing
// on manycore clusters", PGAS 2011); the rule below is this project's.
//
// A worker out of work asks a core of its own node, chosen at random. When
// that core has nothing to give, it is the scheme's turn: every worker runs
// its own instance of the wrapped scheme on a view of the machine in which
// the nodes are the processors (its rank is its node, P the number of
// nodes, the topology the nodes' own), and its counterparts on the other
// nodes (the same core there) stand for those nodes: each core index is a
// plane of R workers running the scheme. So RP asks a random node, ARR the
// next node, NN a neighbouring node, GRR keeps a target a plane on node 0,
// random allocation sends new nodes to random nodes. A scheme whose central
// processor keeps a state for every processor it serves (GRR-M's combining
// tree, SB's busy set, SL's and ML's managers: SchemeMaker::one_representative)
// runs on one plane only, the first core of each node, its representative;
// the other cores look inside their node only.
//
// The representative speaks for its node: while it has no work, it holds
// the requests of its node's cores and answers them when work reaches it
// (from another node, or a quantum later when its stack can be split); a
// core that a random core of its node rejected asks the representative next.
// Without this the idle cores of a node ask each other at the node's message
// rate, a hundred times faster than work arrives from another node, and
// bury their busy neighbours in requests.
//
// A worker goes beyond its node once for every inside_tries rejects it has had
// from cores of its node, counted over its idle periods, not within one; on a
// simulated machine inside_tries is as many requests inside as one request
// between nodes costs in time (inside_tries_for), so most requests stay inside.
// The count runs on when work comes, so a worker's requests between nodes
// follow how often its node turns it away, that is, how poor the node is. The
// earlier rule, inside_tries rejects in a row within one idle period, almost
// never sends out a node that is half idle (one chance in 2^8 at eight tries):
// such nodes stayed half idle for hundreds of microseconds while others had
// work (UTS T1, 16 x 64), and two-level RP fell 2 points of efficiency below
// flat RP on 64 x 64 (experiments/README.md, "cluster"). Every reject from
// another node since the worker last had work doubles the rejects inside it
// waits for before its next request beyond (up to the node's other cores): when
// other nodes are dry too (the start, the end), a request between nodes is
// mostly turned away, and asking inside costs a third or less; when they have
// work, the first request beyond is soon answered and the count starts again.
// With it, inside_tries can be the cost ratio of a whole request (3 on the
// cluster preset) without flooding the network while it is dry. After a reject
// from another node the worker asks cores of its own node again before the
// scheme hears of the reject (unless that core's work came first). While the
// scheme asks no one for an idle worker (it waits for an answer, as GRR-M and
// SB do, or has nothing to ask: random allocation, SL's workers once the
// manager has none) the worker keeps asking the cores of its node; a request
// the scheme makes meanwhile goes out when the core asked has said no, and the
// scheme never sees the requests inside.
//
// A thief from another node gets the shallowest half of the donor's untried
// alternatives (by count; the donor keeps one) instead of the run's split
// policy, when the scheme names no part itself: a request between nodes costs
// several inside, the alternatives nearest the root carry the most work, and
// the thief's node-mates share what it brings at the price of messages inside.
// The donor's own node-mates refill it the same way. (With one core a node
// every thief is from another node and the split policy stays the run's.)
//
// The schemes themselves are unchanged and see no difference. With one core
// a node this is the scheme itself, message for message; with one node,
// random polling among its cores.

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string_view>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class TwoLevel final : public core::Scheme, private core::SchemeContext {
 public:
  // `representatives`: only the first core of each node runs the scheme;
  // `inside_tries`: cores of its node a worker asks before each turn of the
  // scheme (inside_tries_for).
  TwoLevel(std::unique_ptr<core::Scheme> across, bool representatives, int inside_tries = 1)
      : across_(std::move(across)),
        representatives_(representatives),
        inside_tries_(inside_tries < 1 ? 1 : inside_tries) {}

  std::string_view name() const override { return across_->name(); }

  void on_start(core::SchemeContext& ctx) override {
    bind(ctx);
    if (runs_scheme()) across_->on_start(*this);
  }

  void on_idle(core::SchemeContext& ctx) override {
    bind(ctx);
    if (cores() > 1 && (!across_turn_ || !scheme_reaches_out())) {
      ask_a_core();
    } else {
      scheme_turn([&] { across_->on_idle(*this); });
    }
  }

  void on_reject(core::SchemeContext& ctx, int from) override {
    bind(ctx);
    if (!same_node(from)) {
      if (2 * tries_ <= cores() - 1) tries_ *= 2;  // other nodes are dry too, maybe
      // The scheme hears of it after one more look inside the node.
      held_reject_ = node_of(from);
      if (cores() > 1) {
        ask_a_core();
      } else {
        hand_over_reject();
      }
      return;
    }
    asking_inside_ = false;
    if (deferred_) {
      const int node = *deferred_;
      deferred_.reset();
      ctx.request_work(plane_mate(node));
    } else if (!scheme_reaches_out()) {
      ask_inside_after(from);
    } else if (++inside_rejects_ < tries_) {
      ask_a_core();
    } else if (held_reject_) {
      inside_rejects_ = 0;
      hand_over_reject();
    } else {
      inside_rejects_ = 0;
      across_turn_ = true;
      scheme_turn([&] { across_->on_idle(*this); });
    }
  }

  void on_work_request(core::SchemeContext& ctx, int from) override {
    bind(ctx);
    if (same_node(from) || !runs_scheme()) {
      if (speaks_for_node() && !ctx.has_work()) {
        held_.push_back(from);
      } else if (!ctx.send_work(from)) {
        ctx.reject(from);
      }
      return;
    }
    answering_ = from;
    across_->on_work_request(*this, node_of(from));
    answering_ = -1;
  }

  void on_work(core::SchemeContext& ctx, int from) override {
    bind(ctx);
    if (same_node(from)) asking_inside_ = false;
    tries_ = inside_tries_;
    across_turn_ = false;
    held_reject_.reset();
    deferred_.reset();
    // From a core of this node too: SB's scheduler learns the node is busy.
    if (runs_scheme()) across_->on_work(*this, node_of(from));
    serve_held();
  }

  void on_quantum(core::SchemeContext& ctx) override {
    bind(ctx);
    if (runs_scheme()) across_->on_quantum(*this);
    serve_held();
  }

  void on_generated(core::SchemeContext& ctx, std::uint32_t depth, std::uint32_t count) override {
    bind(ctx);
    if (runs_scheme()) across_->on_generated(*this, depth, count);
  }

  void on_message(core::SchemeContext& ctx, int from, const core::SchemeMessage& m) override {
    bind(ctx);
    if (runs_scheme()) across_->on_message(*this, node_of(from), m);
  }

 private:
  void bind(core::SchemeContext& ctx) { ctx_ = &ctx; }

  const core::Placement& machine() const { return ctx_->placement(); }
  int node() const { return machine().node_of(ctx_->rank()); }
  int core() const { return machine().core_of(ctx_->rank()); }
  int nodes() const { return machine().nodes(); }
  int cores() const { return machine().per_node(); }
  int node_of(int worker) const { return machine().node_of(worker); }
  bool same_node(int worker) const { return machine().same_node(worker, ctx_->rank()); }
  bool runs_scheme() const { return !representatives_ || core() == 0; }
  // Whether this worker ever asks beyond its node.
  bool scheme_reaches_out() const { return nodes() > 1 && runs_scheme(); }
  // The representative of a node of several among several nodes.
  bool speaks_for_node() const {
    return representatives_ && core() == 0 && cores() > 1 && nodes() > 1;
  }
  // This worker's counterpart on `node`: the same core there.
  int plane_mate(int node) const { return machine().worker_at(node, core()); }
  // The worker the scheme means by `node`: the thief whose request it is
  // answering, else this worker's counterpart there.
  int worker_for(int node) const {
    return answering_ >= 0 && node_of(answering_) == node ? answering_ : plane_mate(node);
  }

  void ask_inside(int worker) {
    asking_inside_ = true;
    ctx_->request_work(worker);
  }

  // A core of this node other than this one, at random.
  void ask_a_core() {
    if (cores() < 2) return;
    auto other = static_cast<int>(ctx_->random_below(static_cast<std::uint64_t>(cores() - 1)));
    if (other >= core()) ++other;
    ask_inside(machine().worker_at(node(), other));
  }

  // A core of this node said no: a core that only looks inside asks its
  // representative next, which holds the request until it has work.
  void ask_inside_after(int from) {
    const int representative = machine().worker_at(node(), 0);
    if (representatives_ && nodes() > 1 && from != representative) {
      ask_inside(representative);
    } else {
      ask_a_core();
    }
  }

  // What a thief from another node gets: the shallowest half of this
  // worker's untried alternatives (the donor keeps at least one).
  core::SplitRequest shallowest_half() const {
    core::SplitRequest part;
    part.max_nodes = static_cast<std::uint32_t>(
        std::min<std::uint64_t>((ctx_->untried() + 1) / 2, core::SplitRequest::kAllNodes));
    return part;
  }

  // The representative answers the requests it holds while it can split.
  void serve_held() {
    while (!held_.empty() && ctx_->send_work(held_.front())) held_.pop_front();
  }

  void hand_over_reject() {
    const int from = *held_reject_;
    held_reject_.reset();
    scheme_turn([&] { across_->on_reject(*this, from); });
  }

  // Lets the scheme act for an idle worker; if it asks no one and says
  // nothing (it waits for an answer, or has nothing to ask), the worker
  // looks inside its node meanwhile.
  template <class Act>
  void scheme_turn(Act&& act) {
    const std::uint64_t said = said_;
    act();
    if (said_ == said && !ctx_->request_outstanding() && !ctx_->has_work()) ask_a_core();
  }

  // The scheme's view: the nodes are the processors, and a request of this
  // worker inside its node is none of the scheme's business.
  int rank() const override { return node(); }
  int size() const override { return nodes(); }
  const core::Topology& topology() const override { return machine().node_topology(); }
  const core::Placement& placement() const override { return machine().node_level(); }
  double now() const override { return ctx_->now(); }
  std::uint64_t random_below(std::uint64_t bound) override { return ctx_->random_below(bound); }
  bool has_work() const override { return ctx_->has_work(); }
  std::uint64_t untried() const override { return ctx_->untried(); }
  std::uint32_t depth() const override { return ctx_->depth(); }
  bool request_outstanding() const override {
    return (ctx_->request_outstanding() && !asking_inside_) || deferred_.has_value();
  }
  std::uint32_t cutoff_depth() const override { return ctx_->cutoff_depth(); }
  std::uint32_t serial_depth() const override { return ctx_->serial_depth(); }
  void request_work(int node) override {
    ++said_;
    if (ctx_->request_outstanding()) {
      deferred_ = node;  // sent when the core asked inside says no
    } else {
      ctx_->request_work(plane_mate(node));
    }
  }
  bool send_work(int node) override {
    const int to = worker_for(node);
    if (cores() > 1 && !same_node(to) && ctx_->send_work(to, shallowest_half())) return true;
    return ctx_->send_work(to);
  }
  bool send_work(int node, const core::SplitRequest& part) override {
    return ctx_->send_work(worker_for(node), part);
  }
  void reject(int node) override { ctx_->reject(worker_for(node)); }
  void send(int node, const core::SchemeMessage& m) override {
    ++said_;
    ctx_->send(plane_mate(node), m);
  }
  void watch_generated(std::uint32_t depth) override { ctx_->watch_generated(depth); }

  std::unique_ptr<core::Scheme> across_;  // the scheme, between nodes
  const bool representatives_;
  const int inside_tries_;
  core::SchemeContext* ctx_ = nullptr;
  std::optional<int> held_reject_;  // a node's reject, for the scheme after a look inside
  std::optional<int> deferred_;     // a node the scheme asked while a core was being asked
  bool across_turn_ = false;        // a core of this node said no: the scheme's turn
  bool asking_inside_ = false;      // the request outstanding is to a core of this node
  int inside_rejects_ = 0;          // cores of this node that said no since the scheme's turn,
                                    // over idle periods
  int tries_ = inside_tries_;       // rejects inside before the next request beyond: inside_tries,
                                    // doubled for every reject from another node since this worker
                                    // last had work, while under the node's other cores
  int answering_ = -1;              // the thief from another node the scheme is answering
  std::uint64_t said_ = 0;          // requests and messages the scheme sent
  std::deque<int> held_;            // representative: its node's requests, oldest first
};

}  // namespace stacksplit::schemes
