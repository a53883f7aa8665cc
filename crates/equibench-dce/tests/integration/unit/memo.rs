use equibench_dce::memo::Memo;
use std::sync::atomic::{AtomicUsize, Ordering};

#[test]
fn derives_once_per_key_and_keeps_no_error() {
    let memo: Memo<u32> = Memo::new();
    let calls = AtomicUsize::new(0);
    let derive = |v: u32| {
        calls.fetch_add(1, Ordering::SeqCst);
        Ok::<u32, ()>(v)
    };
    assert_eq!(memo.get_or("a".into(), || derive(1)), Ok(1));
    assert_eq!(memo.get_or("a".into(), || derive(2)), Ok(1));
    assert_eq!(memo.get_or("b".into(), || derive(3)), Ok(3));
    assert_eq!(calls.load(Ordering::SeqCst), 2);
    assert_eq!(memo.get_or("c".into(), || Err::<u32, ()>(())), Err(()));
    assert_eq!(memo.get_or("c".into(), || derive(4)), Ok(4));
}

#[test]
fn threads_asking_for_one_key_share_one_derivation() {
    let memo: Memo<usize> = Memo::new();
    let calls = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                memo.get_or("k".into(), || {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    Ok::<usize, ()>(calls.fetch_add(1, Ordering::SeqCst))
                })
            });
        }
    });
    assert_eq!(calls.load(Ordering::SeqCst), 1);
}
