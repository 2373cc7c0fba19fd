// The scope of SpawnBench in Rust Rayon: 10^4 spawned jobs, each storing one u64 into its own
// slot (a raw pointer, since every job writes a distinct index). Args: threads, seconds.
use std::time::Instant;
fn mix(k: u64) -> u64 { k.wrapping_mul(0x9E3779B97F4A7C15) }
fn main() {
    let threads: usize = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(2);
    let secs: f64 = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(3.0);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let n = 10_000usize;
    let mut out: Vec<u64> = vec![0; n];
    let start = Instant::now();
    let mut ops = 0u64;
    while start.elapsed().as_secs_f64() < secs {
        let ptr = out.as_mut_ptr() as usize;
        pool.install(|| {
            rayon::scope(|s| {
                for k in 0..n {
                    s.spawn(move |_| unsafe { *(ptr as *mut u64).add(k) = mix(k as u64); });
                }
            });
        });
        ops += 1;
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / ops as f64;
    println!("rayon {} threads: {:.4} ms/op over {} ops (check {})", threads, ms, ops, out[n - 1]);
}
