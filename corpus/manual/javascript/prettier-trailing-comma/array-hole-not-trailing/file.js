const pair = [first, ,];
const one = [first];
