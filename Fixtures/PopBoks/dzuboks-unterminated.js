var years  = [[74, [1, 3]], [75, [4, 6]]];
var numbers = [[1,52],[2,52],
  [3,52],[4,32]
var page = 0;
