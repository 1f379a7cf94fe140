function a() {  
  return 2;
}
