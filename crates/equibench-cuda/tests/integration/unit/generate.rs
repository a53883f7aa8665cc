use equibench_cuda::generate::balance_orientation;

#[test]
fn the_longer_program_goes_first_and_second_equally_often() {
    let mut balance = 0;
    let mut second_longer = 0;
    // Drawn orders that nearly always put the longer program second.
    for i in 0..101 {
        let sign = if i % 10 == 0 { -1 } else { 1 };
        let swap = balance_orientation(&mut balance, sign, i % 3 == 0);
        if (sign > 0) != swap {
            second_longer += 1;
        }
    }
    assert!(balance.abs() <= 1, "{balance}");
    assert!((second_longer as i64 - 50).abs() <= 1, "{second_longer}");
    // Ties follow the coin and leave the balance alone.
    let mut b = 3;
    assert!(balance_orientation(&mut b, 0, true));
    assert!(!balance_orientation(&mut b, 0, false));
    assert_eq!(b, 3);
}
