//! The memo cache: subproblem signatures (fixed-length bit strings, one word count for the
//! whole search) in one flat vector, found by open addressing over their hashes; each
//! entry holds the ZDD node of the subproblem's solutions (0 while unknown or none).

/// Signatures to ZDD nodes.
pub(crate) struct Table {
    /// Words per signature.
    width: usize,
    /// Entry `e`'s signature is `keys[e * width..(e + 1) * width]`.
    keys: Vec<u64>,
    /// Entry `e`'s ZDD node id.
    zdd: Vec<u32>,
    /// `0` empty, else an entry plus one in the low half and the entry's hash in the high
    /// half (so that a probe compares hashes without a second load, and the table grows
    /// without hashing again); the length is a power of two.
    slots: Vec<u64>,
}

/// What a lookup found.
pub(crate) enum Lookup {
    /// The signature is known: its ZDD node (0: no solution) and its entry.
    Hit(u32, u32),
    /// The signature was new and is now entry `e`.
    Miss(u32),
}

impl Table {
    pub(crate) fn new(width: usize) -> Table {
        Table {
            width,
            keys: Vec::new(),
            zdd: Vec::new(),
            slots: vec![0; 1 << 12],
        }
    }

    /// Entries so far.
    pub(crate) fn len(&self) -> usize {
        self.zdd.len()
    }

    /// Bytes held, for a report of memory use.
    pub(crate) fn bytes(&self) -> usize {
        self.keys.capacity() * 8 + self.zdd.capacity() * 4 + self.slots.capacity() * 8
    }

    /// Finds `key`, or adds it as a new entry with no ZDD node. `None` when the table is
    /// full (more than `u32::MAX / 2` entries).
    pub(crate) fn lookup(&mut self, key: &[u64]) -> Option<Lookup> {
        debug_assert_eq!(key.len(), self.width);
        let hash = hash(key);
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                break;
            }
            let e = (slot as u32) as usize - 1;
            if (slot >> 32) as u32 == hash
                && &self.keys[e * self.width..(e + 1) * self.width] == key
            {
                return Some(Lookup::Hit(self.zdd[e], e as u32));
            }
            // Linear probing: the next slot is most often in the same cache line.
            at = (at + 1) & mask;
        }
        let e = self.zdd.len();
        if e >= (u32::MAX / 2) as usize {
            return None;
        }
        self.slots[at] = u64::from(hash) << 32 | (e as u64 + 1);
        self.keys.extend_from_slice(key);
        self.zdd.push(0);
        if 2 * self.zdd.len() > self.slots.len() {
            self.grow();
        }
        Some(Lookup::Miss(e as u32))
    }

    /// Records the ZDD node of entry `entry`.
    pub(crate) fn set(&mut self, entry: u32, zdd: u32) {
        self.zdd[entry as usize] = zdd;
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let mask = size - 1;
        let mut slots = vec![0u64; size];
        for &slot in self.slots.iter().filter(|&&slot| slot != 0) {
            let hash = (slot >> 32) as u32;
            let mut at = hash as usize & mask;
            while slots[at] != 0 {
                at = (at + 1) & mask;
            }
            slots[at] = slot;
        }
        self.slots = slots;
    }
}

/// A 32-bit hash of a signature (multiply and rotate, word by word).
fn hash(key: &[u64]) -> u32 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
    h = (h ^ (h >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    (h >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_it_stored_through_growth() {
        let mut t = Table::new(2);
        for i in 0..10_000u64 {
            assert!(matches!(t.lookup(&[i, i * 7]), Some(Lookup::Miss(e)) if e as u64 == i));
            t.set(i as u32, i as u32 + 5);
        }
        for i in 0..10_000u64 {
            assert!(
                matches!(t.lookup(&[i, i * 7]), Some(Lookup::Hit(z, e)) if z as u64 == i + 5 && e as u64 == i)
            );
        }
        assert_eq!(t.len(), 10_000);
        assert!(matches!(t.lookup(&[1, 8]), Some(Lookup::Miss(10_000))));
    }
}
