//go:build linux

package bbbench

import (
	"runtime"
	"testing"
	"time"
)

// The thread's CPU clock leaves out sleeping and counts work.
func TestThreadCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := threadCPU()
	time.Sleep(100 * time.Millisecond)
	slept := threadCPU() - t0
	if slept > 20*time.Millisecond {
		t.Errorf("100 ms of sleep cost %v of CPU", slept)
	}
	t1, wall := threadCPU(), time.Now()
	x := uint64(1)
	for threadCPU()-t1 < 5*time.Millisecond {
		if time.Since(wall) > 10*time.Second {
			t.Fatalf("10 s of work cost %v of CPU", threadCPU()-t1)
		}
		for i := 0; i < 1000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if x == 0 {
		t.Log(x) // keep the loop
	}
}
