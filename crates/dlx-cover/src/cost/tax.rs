//! dlx5's taxes, shared by both cost searches (dlx5's own and Algorithm M's): the net
//! cost of each option.

use crate::problem::Problem;

/// dlx5's taxes: every item that each solution covers exactly once (every primary item,
/// without multiplicities) pays the least cost of its options, which is taken off each of
/// them, item by item in order. Returns the options' net costs and the total tax; every
/// solution's cost is its net cost plus that total.
pub(crate) fn net_costs(problem: &Problem) -> (Vec<u64>, u64) {
    let mut net: Vec<u64> = (0..problem.options()).map(|o| problem.cost(o)).collect();
    let primary = problem.primary_items();
    let mut of_item: Vec<Vec<usize>> = vec![Vec::new(); primary];
    for o in 0..problem.options() {
        for item in problem.option(o).filter(|&i| i < primary) {
            of_item[item].push(o);
        }
    }
    let mut total = 0u64;
    for (item, options) in of_item.iter().enumerate() {
        if problem.multiplicity(item) != Some((1, 1)) {
            continue;
        }
        let Some(tax) = options.iter().map(|&o| net[o]).min() else {
            continue;
        };
        for &o in options {
            net[o] -= tax;
        }
        total = total.saturating_add(tax);
    }
    (net, total)
}
