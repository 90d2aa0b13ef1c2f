// Command loadgen is a lean closed-loop load generator for the bench service's hello call over
// RPCX (written from docs/wire-format.md alone) or gRPC (grpc-go), to measure the harness
// against: N callers, each one call at a time, over C connections; a warm-up, then a measured
// window; calls/s, errors, latency percentiles, and the CPU of both sides over the window.
//
//	loadgen -protocol rpcx -target 127.0.0.1:8081 -callers 16 -conns 1 -warmup 5s -duration 10s
//	loadgen -protocol grpc -target 127.0.0.1:8084 -callers 16 -server-pid 4242
//
// Exit codes: 0 the run had no error, 1 it had errors, 2 bad usage or the target unreachable.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"golang.org/x/sys/unix"

	"rpcxbench/loadgen/internal/load"
)

// Settings is one run's configuration, all defaults here, echoed into its output.
type Settings struct {
	Protocol   string
	Target     string
	Callers    int
	Conns      int
	Warmup     time.Duration
	Duration   time.Duration
	Name       string
	MaxFrame   int
	ServerPID  int
	HistogramF string
}

func parseSettings(args []string, stderr io.Writer) (Settings, error) {
	s := Settings{}
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&s.Protocol, "protocol", "rpcx", "rpcx or grpc")
	fs.StringVar(&s.Target, "target", "127.0.0.1:8081", "the server, host:port")
	fs.IntVar(&s.Callers, "callers", 16, "callers (goroutines), each with one call in flight")
	fs.IntVar(&s.Conns, "conns", 1, "connections; caller i uses connection i mod conns")
	fs.DurationVar(&s.Warmup, "warmup", 5*time.Second, "calls made before the measured window")
	fs.DurationVar(&s.Duration, "duration", 10*time.Second, "the measured window")
	fs.StringVar(&s.Name, "name", "world", "hello's argument")
	fs.IntVar(&s.MaxFrame, "max-frame", 4<<20, "rpcx: the longest reply message accepted, bytes")
	fs.IntVar(&s.ServerPID, "server-pid", 0, "the server's pid, to read its CPU over the window (Linux)")
	fs.StringVar(&s.HistogramF, "histogram-out", "", "write the merged latency histogram (µs, HdrHistogram V2 compressed, base64) to this file")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: loadgen [flags]\n  e.g. loadgen -protocol rpcx -target 127.0.0.1:8081 -callers 16 -duration 10s\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return s, err
	}
	switch {
	case fs.NArg() > 0:
		return s, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case s.Protocol != "rpcx" && s.Protocol != "grpc":
		return s, fmt.Errorf("-protocol must be rpcx or grpc, got %q", s.Protocol)
	case s.Callers < 1 || s.Conns < 1:
		return s, errors.New("-callers and -conns must be positive")
	case s.Conns > s.Callers:
		return s, errors.New("-conns must not exceed -callers")
	case s.Duration <= 0 || s.Warmup < 0:
		return s, errors.New("-duration must be positive and -warmup not negative")
	}
	return s, nil
}

// target is one protocol's connections and calls.
type target interface {
	newCall(caller int) load.CallFunc
	fatal(err error) bool
	library() string
	close()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	s, err := parseSettings(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "loadgen:", err)
			return 2
		}
		return 0
	}
	var t target
	if s.Protocol == "rpcx" {
		t, err = dialRpcx(s)
	} else {
		t, err = dialGrpc(s)
	}
	if err != nil {
		fmt.Fprintf(stderr, "loadgen: %s %s: %v\n", s.Protocol, s.Target, err)
		return 2
	}
	defer t.close()

	var cpu windowCPU
	result := load.ClosedLoop(load.Plan{
		Callers: s.Callers, Warmup: s.Warmup, Measure: s.Duration,
		OnMeasureStart: func() { cpu.start(s.ServerPID) },
		OnMeasureEnd:   func() { cpu.end(s.ServerPID) },
	}, t.newCall, t.fatal)

	report(stdout, s, t.library(), result, cpu)
	if s.HistogramF != "" {
		if err := writeHistogram(s.HistogramF, result); err != nil {
			fmt.Fprintln(stderr, "loadgen:", err)
			return 2
		}
	}
	if result.Errors > 0 || result.StoppedEarly > 0 {
		return 1
	}
	return 0
}

// windowCPU is both processes' CPU over the measured window.
type windowCPU struct {
	self, server       time.Duration
	serverErr          error
	selfCores, srvCore int
}

func (w *windowCPU) start(serverPID int) {
	w.self = -load.SelfCPU()
	w.selfCores = cores(0)
	if serverPID > 0 {
		c, err := load.ProcessCPU(serverPID)
		w.server, w.serverErr = -c, err
		w.srvCore = cores(serverPID)
	}
}

func (w *windowCPU) end(serverPID int) {
	w.self += load.SelfCPU()
	if serverPID > 0 && w.serverErr == nil {
		c, err := load.ProcessCPU(serverPID)
		w.server += c
		w.serverErr = err
	}
}

// cores is the number of CPUs pid may run on (0: this process), from its affinity mask.
func cores(pid int) int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(pid, &set); err != nil {
		return runtime.NumCPU()
	}
	return set.Count()
}

func goVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		return info.GoVersion
	}
	return runtime.Version()
}
