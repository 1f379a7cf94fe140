fn a() {
    let x = 1;

    let y = 2;
}

fn b() {
    let x = 1;
    let y = 2;
}
