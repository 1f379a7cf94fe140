import x from "w";
export const z = x;
