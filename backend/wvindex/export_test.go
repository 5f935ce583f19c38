package wvindex

// TestOnlyNoFlush has Activate leave the writing of the build's
// collection to the server's timer, as before flush.
func (b *Build) TestOnlyNoFlush() { b.testOnlyNoFlush = true }
