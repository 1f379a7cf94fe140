function a() {  
  return 1;
}
