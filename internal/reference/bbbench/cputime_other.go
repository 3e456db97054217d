//go:build !linux

package bbbench

import "time"

var epoch = time.Now()

// threadCPU is the wall clock where the thread's CPU time is not at hand.
func threadCPU() time.Duration { return time.Since(epoch) }
