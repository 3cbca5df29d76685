//! The strongly connected parts of a directed graph and the parts each reaches (Tarjan's
//! algorithm), for the implications of SE's chains (`implications`): which potentials
//! lie on a cycle, and from which the opposite potential is reachable.

/// A graph over nodes `0..n` and, once [`Parts::find`] has run, its strongly connected
/// parts. The buffers are kept from one graph to the next.
#[derive(Default)]
pub(crate) struct Parts {
    /// Per node, where its targets start in `targets` (with one more entry, the end).
    pub(crate) starts: Vec<u32>,
    pub(crate) targets: Vec<u32>,
    /// Per node, its part: parts are numbered in the order found, a part after every
    /// part it reaches.
    pub(crate) part: Vec<u32>,
    /// Per part, how many nodes it holds.
    pub(crate) sizes: Vec<u32>,
    /// Per part, the parts it reaches as bits by part number: part `p` keeps the first
    /// `p / 64 + 1` of its `words` words (a part reaches only parts found before it).
    reach: Vec<u64>,
    words: usize,
    order: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// Per part, the last part that merged its reach (each part merges another once).
    merged: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;

impl Parts {
    /// Finds the parts of the graph held in `starts` and `targets`, and what each reaches.
    pub(crate) fn find(&mut self) {
        let n = self.starts.len().saturating_sub(1);
        self.words = n.div_ceil(64);
        for v in [&mut self.order, &mut self.part] {
            v.clear();
            v.resize(n, UNSEEN);
        }
        self.low.clear();
        self.low.resize(n, 0);
        if self.reach.len() < n * self.words {
            self.reach.resize(n * self.words, 0);
        }
        self.merged.clear();
        self.sizes.clear();
        let mut next = 0u32;
        for root in 0..n as u32 {
            if self.order[root as usize] != UNSEEN {
                continue;
            }
            self.enter(root, &mut next);
            while let Some(&(v, e)) = self.calls.last() {
                if e < self.starts[v as usize + 1] {
                    self.calls.last_mut().expect("a call").1 += 1;
                    let w = self.targets[e as usize] as usize;
                    if self.order[w] == UNSEEN {
                        self.enter(w as u32, &mut next);
                    } else if self.part[w] == UNSEEN {
                        let low = &mut self.low[v as usize];
                        *low = (*low).min(self.order[w]);
                    }
                    continue;
                }
                self.calls.pop();
                let low = self.low[v as usize];
                if let Some(&(u, _)) = self.calls.last() {
                    let up = &mut self.low[u as usize];
                    *up = (*up).min(low);
                }
                if low == self.order[v as usize] {
                    self.close(v);
                }
            }
        }
    }

    /// Whether part `p` reaches part `q` (itself included).
    pub(crate) fn reaches(&self, p: u32, q: u32) -> bool {
        let (p, q) = (p as usize, q as usize);
        q <= p && self.reach[p * self.words + q / 64] & (1 << (q % 64)) != 0
    }

    /// Numbers node `v` and starts its search.
    fn enter(&mut self, v: u32, next: &mut u32) {
        self.order[v as usize] = *next;
        self.low[v as usize] = *next;
        *next += 1;
        self.stack.push(v);
        self.calls.push((v, self.starts[v as usize]));
    }

    /// Makes the nodes above `v` on the stack (`v` included) a new part, with its reach.
    fn close(&mut self, v: u32) {
        let (id, words) = (self.sizes.len(), self.words);
        let top = self
            .stack
            .iter()
            .rposition(|&w| w == v)
            .expect("on the stack");
        self.sizes.push((self.stack.len() - top) as u32);
        self.merged.push(id as u32);
        let base = id * words;
        self.reach[base..=base + id / 64].fill(0);
        self.reach[base + id / 64] |= 1 << (id % 64);
        for &w in &self.stack[top..] {
            self.part[w as usize] = id as u32;
        }
        for &w in &self.stack[top..] {
            for e in self.starts[w as usize]..self.starts[w as usize + 1] {
                let p = self.part[self.targets[e as usize] as usize] as usize;
                if self.merged[p] != id as u32 {
                    self.merged[p] = id as u32;
                    let (done, this) = self.reach.split_at_mut(base);
                    let from = &done[p * words..=p * words + p / 64];
                    for (a, b) in this.iter_mut().zip(from) {
                        *a |= b;
                    }
                }
            }
        }
        self.stack.truncate(top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts of a graph given by its edges.
    fn parts_of(n: usize, edges: &[(u32, u32)]) -> Parts {
        let mut g = Parts::default();
        for v in 0..n as u32 {
            g.starts.push(g.targets.len() as u32);
            g.targets
                .extend(edges.iter().filter(|e| e.0 == v).map(|e| e.1));
        }
        g.starts.push(g.targets.len() as u32);
        g.find();
        g
    }

    #[test]
    fn parts_are_the_cycles_and_reach_follows_the_edges() {
        // 0 -> 1 -> 2 -> 0 is a cycle; 2 -> 3 -> 4 <-> 5; 6 alone, 6 -> 0.
        let g = parts_of(
            7,
            &[
                (0, 1),
                (1, 2),
                (2, 0),
                (2, 3),
                (3, 4),
                (4, 5),
                (5, 4),
                (6, 0),
            ],
        );
        let p: Vec<u32> = g.part.clone();
        assert!(p[0] == p[1] && p[1] == p[2]);
        assert!(p[4] == p[5] && p[3] != p[4] && p[3] != p[0] && p[6] != p[0]);
        assert_eq!(g.sizes[p[0] as usize], 3);
        assert_eq!(g.sizes[p[3] as usize], 1);
        assert!(g.reaches(p[6], p[5]) && g.reaches(p[0], p[3]) && g.reaches(p[3], p[3]));
        assert!(!g.reaches(p[3], p[0]) && !g.reaches(p[4], p[3]) && !g.reaches(p[0], p[6]));
    }

    #[test]
    fn reach_agrees_with_a_search_on_a_long_graph() {
        // More than 64 parts: a chain 0 -> 1 -> ... -> 149, with a jump every 7 nodes
        // back by 3 (small cycles) and one edge from 149 to a lone node 150.
        let n = 151u32;
        let mut edges: Vec<(u32, u32)> = (0..149).map(|v| (v, v + 1)).collect();
        edges.extend((7..149).step_by(7).map(|v| (v, v - 3)));
        edges.push((149, 150));
        let g = parts_of(n as usize, &edges);
        for a in 0..n {
            let mut seen = vec![false; n as usize];
            let mut todo = vec![a];
            seen[a as usize] = true;
            while let Some(v) = todo.pop() {
                for &(_, w) in edges.iter().filter(|e| e.0 == v) {
                    if !std::mem::replace(&mut seen[w as usize], true) {
                        todo.push(w);
                    }
                }
            }
            for b in 0..n {
                let (pa, pb) = (g.part[a as usize], g.part[b as usize]);
                assert_eq!(g.reaches(pa, pb), seen[b as usize], "{a} -> {b}");
            }
        }
    }
}
