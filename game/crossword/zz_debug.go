package crossword

// DebugExtends counts extend calls (temporary).
var DebugExtends int
