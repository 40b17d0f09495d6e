var years  = [[74, [1, 3]], [75, [4, 6]],
// a whole-line comment inside the literal is dropped
  [76, [7, 8]]];
var numbers = [[1,52],[2,0],[3,52],[4,32,1],[5,80],[6,80],
    // [7,99],
    [7,76], [8,68], [9,40]];

var yearsScroll = 0; // a trailing comment after code stays
var link = "https://www.popboks.com/dzuboks/"; // not a comment line either
var selectedYear = 3;
