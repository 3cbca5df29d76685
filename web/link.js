// The page's shareable link: `#p=<puzzle text>&v=<variant rules>&do=<action>`, each value
// percent-encoded whole (encodeURIComponent), so that any text comes back as it went:
// several lines, `+`, `&`, a 25×25 puzzle. Read back with decodeURIComponent, never with
// URLSearchParams (which turns `+` into a space).

/** The hash for `puzzle` (text), `rules` (the variant's JSON, "" for classic), `action`. */
export function makeHash({ puzzle, rules = "", action = "" }) {
  if (!puzzle) return "#";
  let hash = `#p=${encodeURIComponent(puzzle)}`;
  if (rules) hash += `&v=${encodeURIComponent(rules)}`;
  if (action) hash += `&do=${encodeURIComponent(action)}`;
  return hash;
}

/** The puzzle, rules and action of a hash (`location.hash`); missing ones are "". */
export function readHash(hash) {
  const found = { puzzle: "", rules: "", action: "" };
  const names = { p: "puzzle", v: "rules", do: "action" };
  for (const part of hash.replace(/^#/, "").split("&")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = names[part.slice(0, at)];
    if (!name) continue;
    try {
      found[name] = decodeURIComponent(part.slice(at + 1));
    } catch {
      found[name] = ""; // a malformed escape: nothing is read from it
    }
  }
  return found;
}
