//! A small least-recently-used cache of finished pictures, keyed by the
//! whole content of the scene (not a hash of it), so a hit is always right.

use std::collections::HashMap;
use std::hash::Hash;

/// At most `capacity` entries; inserting past it drops the least recently used.
pub(crate) struct Lru<K, V> {
    capacity: usize,
    clock: u64,
    entries: HashMap<K, (V, u64)>,
}

impl<K: Hash + Eq + Clone, V: Clone> Lru<K, V> {
    /// An empty cache for `capacity` entries (0 caches nothing).
    pub fn new(capacity: usize) -> Self {
        Lru {
            capacity,
            clock: 0,
            entries: HashMap::new(),
        }
    }

    /// The value for `key`, now the most recently used.
    pub fn get(&mut self, key: &K) -> Option<V> {
        self.clock += 1;
        let now = self.clock;
        self.entries.get_mut(key).map(|(value, used)| {
            *used = now;
            value.clone()
        })
    }

    /// Stores `value`, dropping the least recently used entry if full.
    pub fn insert(&mut self, key: K, value: V) {
        if self.capacity == 0 {
            return;
        }
        if self.entries.len() >= self.capacity && !self.entries.contains_key(&key) {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                self.entries.remove(&oldest);
            }
        }
        self.clock += 1;
        self.entries.insert(key, (value, self.clock));
    }

    /// Number of entries held.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_entry_goes_first() {
        let mut lru = Lru::new(2);
        lru.insert("a", 1);
        lru.insert("b", 2);
        assert_eq!(lru.get(&"a"), Some(1));
        lru.insert("c", 3);
        assert_eq!(lru.get(&"b"), None, "b was used least recently");
        assert_eq!(lru.get(&"a"), Some(1));
        assert_eq!(lru.get(&"c"), Some(3));
        assert_eq!(lru.len(), 2);
    }

    #[test]
    fn zero_capacity_caches_nothing() {
        let mut lru = Lru::new(0);
        lru.insert(1, 1);
        assert_eq!(lru.get(&1), None);
    }
}
