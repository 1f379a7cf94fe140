function admin(u: User) {
  // admin path
  if (u.ok) {
    grant(u);
  }
}

function guest(u: User) {
  // guest path
  if (u.ok) {
    grant(u);
  }
}
