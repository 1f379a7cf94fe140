function sumA(items) {
  let total = 0;
  for (const x of items) {
    total += x;  
  }
  return total;
}
function sumB(items) {
  let total = 0;
  for (const x of items) {
    total += x;
  }
  return total * 2;
}
