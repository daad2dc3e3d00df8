extension Template {
  /// Replaces `slots[ID].p` with each override's result, for the slots the document has (a theme may name
  /// slots of other animations: players skip those, and so do we).
  func applySlotOverrides(to json: inout JSON) {
    guard case .object(let table)? = json["slots"] else { return }
    for (id, override) in slotOverrides.sorted(by: { $0.key < $1.key }) {
      guard case .object(let entry)? = table[id] else { continue }
      let current = entry["p"] ?? .null
      json.modify([.key("slots"), .key(id), .key("p")]) { $0 = override(current) }
    }
  }
}
