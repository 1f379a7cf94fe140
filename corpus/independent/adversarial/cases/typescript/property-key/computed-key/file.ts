const o = {
  [key]: 1,
};
