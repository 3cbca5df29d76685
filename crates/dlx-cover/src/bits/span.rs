//! Where an option's primary items are in the bit sets' flat list, and its weight.

/// Option `o`'s primary items are `option_primary[start..end]`; `weight` is `|o| − 1`, the
/// updates Knuth counts for hiding it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Span {
    pub(crate) start: u32,
    pub(crate) end: u32,
    pub(crate) weight: u32,
}
