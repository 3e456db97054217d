package ai

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"unsafe"
)

// Net is a small value network: the position's features (an Encoder's
// vector) go through one hidden layer of sigmoid units to one sigmoid output
// per player, each an estimate of that player's return in [0,1] (as Result
// and Evaluator give it); or, in a game whose wins are worth 1 to K points
// (Kinds = K > 1, see ResultKinds), K outputs per player: the chances that
// it wins at least 1, 2, ... K points, as TD-Gammon learned its gammons
// apart from its wins, from which the returns follow (Returns). TD-Gammon's shape: the inputs are mostly 0 (one
// unit per piece code per square), so the first layer is summed over the
// inputs that are not, and a forward pass costs the active inputs × Hidden.
//
// The loops are written by hand: a net this small is one matrix-vector
// product of a few thousand multiply-adds over a sparse vector, which a
// general dense library would not do faster, and hand-written they allocate
// nothing.
type Net struct {
	In, Hidden, Out int
	// Kinds is K where the outputs are per player and points (Out =
	// players × K); 0 or 1: one output per player, its return.
	Kinds int
	// W1[i*Hidden+j] is input i's weight into hidden unit j (input-major, so
	// an input that is 0 is skipped whole); W2[j*Out+k] hidden j into output k.
	W1, B1, W2, B2 []float32
	// Layout is the Encoder's FeatureLayout the net was trained on.
	Layout string
	// Game names the game, for messages.
	Game string
	// Games counts the self-play games the net has learned from.
	Games int64
	// Seed is the training seed (training resumes with it).
	Seed uint64
	// Training is how the net was last trained, as the train command's
	// flags that shape what it learns ("--rate 0.05 --anneal 20000 ..."),
	// so that resuming goes on as it was without the flags written again;
	// "" where unknown (a file from before it was recorded, an average).
	Training string
}

// NewNet makes a net with small random weights from seed.
func NewNet(in, hidden, out int, layout string, seed uint64) *Net {
	n := &Net{In: in, Hidden: hidden, Out: out, Layout: layout, Seed: seed,
		W1: make([]float32, in*hidden), B1: make([]float32, hidden),
		W2: make([]float32, hidden*out), B2: make([]float32, out)}
	rng := rand.New(rand.NewPCG(seed, 0x6e6574))
	for i := range n.W1 {
		n.W1[i] = float32(rng.Float64()*2-1) * 0.2
	}
	a := 1 / float32(math.Sqrt(float64(hidden)))
	for i := range n.W2 {
		n.W2[i] = float32(rng.Float64()*2-1) * a
	}
	return n
}

// Clone is a deep copy.
func (n *Net) Clone() *Net {
	c := *n
	c.W1 = append([]float32(nil), n.W1...)
	c.B1 = append([]float32(nil), n.B1...)
	c.W2 = append([]float32(nil), n.W2...)
	c.B2 = append([]float32(nil), n.B2...)
	return &c
}

// sigmoid is the logistic function, from a table between -20 and 20 (linear
// between its points 1/64 apart: off by less than 4e-6), 0 and 1 outside
// it: math.Exp was a third of a forward pass, a table read is a few
// nanoseconds.
func sigmoid(z float32) float32 {
	t := (z + sigmoidRange) * sigmoidSteps
	if !(t >= 0 && t < 2*sigmoidRange*sigmoidSteps) {
		switch {
		case z <= -sigmoidRange:
			return 0 // exactly: below 2.1e-9
		case z >= sigmoidRange:
			return 1 // 1 − 2.1e-9 is 1 in float32
		}
		return z // NaN
	}
	i := int(t)
	a := sigmoidTable[i]
	return a + (t-float32(i))*(sigmoidTable[i+1]-a)
}

const (
	sigmoidRange = 20
	sigmoidSteps = 64 // table points per unit
)

var sigmoidTable = func() (tab [2*sigmoidRange*sigmoidSteps + 1]float32) {
	for i := range tab {
		tab[i] = sigmoidExact(float32(i)/sigmoidSteps - sigmoidRange)
	}
	return tab
}()

func sigmoidExact(z float32) float32 {
	if z < -30 {
		return 0
	}
	if z > 30 {
		return 1
	}
	return 1 / (1 + float32(math.Exp(float64(-z))))
}

// Forward computes the outputs for input x (len In) into out (len Out),
// with h (len Hidden) as scratch for the hidden units. It allocates nothing.
func (n *Net) Forward(x, h, out []float32) {
	n.sums(x, h)
	n.finish(h, out)
}

// sums writes into h the hidden units' input sums for x (before the
// sigmoid).
func (n *Net) sums(x, h []float32) {
	H := n.Hidden
	h = h[:H]
	copy(h, n.B1)
	for i, v := range x[:n.In] {
		if v == 0 {
			continue
		}
		w := n.W1[i*H : i*H+H]
		if v == 1 {
			for j := range h {
				h[j] += w[j]
			}
			continue
		}
		for j := range h {
			h[j] += v * w[j]
		}
	}
}

// sumsNear writes into h the hidden units' input sums for x from those of
// another vector, base, with sums baseH: only the inputs where x and base
// differ are summed, so rating the positions one move apart from one
// another (a node's children, from the node's) costs the inputs the move
// changes × Hidden instead of all the active ones.
func (n *Net) sumsNear(x, base, baseH, h []float32) {
	H := n.Hidden
	h = h[:H]
	copy(h, baseH[:H])
	x, base = x[:n.In], base[:n.In]
	// Most inputs are the same: compare them two at a time, as bits.
	pairs := len(x) / 2
	xw := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(x))), pairs)
	bw := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(base))), pairs)
	for k, v := range xw {
		if v == bw[k] {
			continue
		}
		n.addInput(h, 2*k, x[2*k]-base[2*k])
		n.addInput(h, 2*k+1, x[2*k+1]-base[2*k+1])
	}
	if len(x)%2 == 1 {
		i := len(x) - 1
		n.addInput(h, i, x[i]-base[i])
	}
}

// addInput adds d times input i's weights to the hidden sums h.
func (n *Net) addInput(h []float32, i int, d float32) {
	if d == 0 {
		return
	}
	H := len(h)
	w := n.W1[i*H : i*H+H]
	for j := range h {
		h[j] += d * w[j]
	}
}

// finish turns the hidden sums h into the hidden units' values, in place,
// and computes the outputs from them into out.
func (n *Net) finish(h, out []float32) {
	h = h[:n.Hidden]
	for j := range h {
		h[j] = sigmoid(h[j])
	}
	O := n.Out
	for k := range out[:O] {
		z := n.B2[k]
		for j, hj := range h {
			z += hj * n.W2[j*O+k]
		}
		out[k] = sigmoid(z)
	}
}

// learn moves the outputs for x towards target by one gradient step of the
// cross-entropy loss (rate the step size), with h and out as scratch and
// dh (len Hidden) for the hidden gradient. Only the weights of x's non-zero
// inputs change.
func (n *Net) learn(x, target []float32, rate float32, h, out, dh []float32) {
	n.Forward(x, h, out)
	H, O := n.Hidden, n.Out
	clear(dh[:H])
	for k := 0; k < O; k++ {
		d := out[k] - target[k] // d loss / d z for a sigmoid with cross-entropy
		if d == 0 {
			continue
		}
		for j := 0; j < H; j++ {
			dh[j] += d * n.W2[j*O+k]
			n.W2[j*O+k] -= rate * d * h[j]
		}
		n.B2[k] -= rate * d
	}
	for j := 0; j < H; j++ {
		dh[j] *= h[j] * (1 - h[j])
		n.B1[j] -= rate * dh[j]
	}
	for i, v := range x[:n.In] {
		if v == 0 {
			continue
		}
		w := n.W1[i*H : i*H+H]
		s := rate * v
		for j := range w {
			w[j] -= s * dh[j]
		}
	}
}

// The weights file: a text header of "key: value" lines, a blank line, then
// the weights as little-endian float32: W1, B1, W2, B2 (sizes from the
// header). The first line is netMagic; "layout" is the Encoder's
// FeatureLayout (the feature version and the rule file's sha256), which
// LoadNet compares with the game's.
const netMagic = "stackrules-net 1"

// WriteTo writes the net in the weights file format.
func (n *Net) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n", netMagic)
	fmt.Fprintf(&b, "layout: %s\n", n.Layout)
	fmt.Fprintf(&b, "game: %s\n", strings.ReplaceAll(n.Game, "\n", " "))
	fmt.Fprintf(&b, "inputs: %d\nhidden: %d\noutputs: %d\n", n.In, n.Hidden, n.Out)
	if n.Kinds > 1 {
		fmt.Fprintf(&b, "kinds: %d\n", n.Kinds)
	}
	fmt.Fprintf(&b, "games: %d\nseed: %d\n", n.Games, n.Seed)
	if n.Training != "" {
		fmt.Fprintf(&b, "training: %s\n", strings.ReplaceAll(n.Training, "\n", " "))
	}
	b.WriteString("\n")
	for _, part := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Write(&b, binary.LittleEndian, part); err != nil {
			return 0, err
		}
	}
	k, err := w.Write(b.Bytes())
	return int64(k), err
}

// Save writes the net to path, through a temporary file renamed into place
// so that an interrupted save never leaves half a file.
func (n *Net) Save(path string) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := n.WriteTo(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// ErrNetLayout is wrapped by the error of a net trained on other rules (or
// another feature layout) than the game it is loaded for.
var ErrNetLayout = errors.New("the network was trained for other rules")

// ReadNet reads a net in the weights file format. name is the file's name
// for messages.
func ReadNet(r io.Reader, name string) (*Net, error) {
	fail := func(format string, args ...any) (*Net, error) {
		return nil, fmt.Errorf("network %s: %s", name, fmt.Sprintf(format, args...))
	}
	br := bufio.NewReader(r)
	first, err := br.ReadString('\n')
	if strings.TrimSpace(first) != netMagic {
		if err != nil && first == "" {
			return fail("empty file (want a stackrules network, first line %q)", netMagic)
		}
		// the line itself is not quoted: the file may be anything
		return fail("not a stackrules network (its first line is not %q)", netMagic)
	}
	n := &Net{}
	seen := map[string]bool{}
	for line := 2; ; line++ {
		text, err := br.ReadString('\n')
		if err != nil {
			return fail("the header ends without the blank line before the weights (line %d)", line)
		}
		text = strings.TrimRight(text, "\r\n")
		if text == "" {
			break
		}
		key, val, ok := strings.Cut(text, ": ")
		if !ok {
			return fail("line %d: %q is not \"key: value\"", line, text)
		}
		num := func() (int64, bool) {
			v, err := strconv.ParseInt(val, 10, 64)
			return v, err == nil && v >= 0
		}
		seen[key] = true
		switch key {
		case "layout":
			n.Layout = val
		case "game":
			n.Game = val
		case "training":
			n.Training = val
		case "inputs", "hidden", "outputs", "games", "kinds":
			v, ok := num()
			if !ok || (key != "games" && (v < 1 || v > 1<<20)) {
				return fail("line %d: %s: %q is not a count", line, key, val)
			}
			switch key {
			case "inputs":
				n.In = int(v)
			case "hidden":
				n.Hidden = int(v)
			case "outputs":
				n.Out = int(v)
			case "kinds":
				n.Kinds = int(v)
			default:
				n.Games = v
			}
		case "seed":
			v, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return fail("line %d: seed: %q is not a number", line, val)
			}
			n.Seed = v
		default:
			// unknown keys are skipped: later versions may add some
		}
	}
	for _, k := range []string{"layout", "inputs", "hidden", "outputs"} {
		if !seen[k] {
			return fail("the header has no %q", k)
		}
	}
	if n.Kinds > 1 && n.Out%n.Kinds != 0 {
		return fail("%d outputs are not a whole number of players of %d kinds", n.Out, n.Kinds)
	}
	if n.In*n.Hidden > 1<<26 || n.Hidden*n.Out > 1<<26 {
		return fail("%d×%d×%d weights: too many", n.In, n.Hidden, n.Out)
	}
	n.W1 = make([]float32, n.In*n.Hidden)
	n.B1 = make([]float32, n.Hidden)
	n.W2 = make([]float32, n.Hidden*n.Out)
	n.B2 = make([]float32, n.Out)
	for _, part := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Read(br, binary.LittleEndian, part); err != nil {
			return fail("the weights are cut short (want %d numbers for %d inputs, %d hidden, %d outputs)",
				len(n.W1)+len(n.B1)+len(n.W2)+len(n.B2), n.In, n.Hidden, n.Out)
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return fail("more bytes after the weights than the header's sizes say")
	}
	for _, part := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for _, v := range part {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return fail("a weight is not a finite number")
			}
		}
	}
	return n, nil
}

// LoadNet reads the network at path, for a game whose Encoder has the given
// layout and number of features and which has players players. A net for
// other rules is refused with an error wrapping ErrNetLayout.
func LoadNet(path, layout string, features, players int) (*Net, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := ReadNet(f, path)
	if err != nil {
		return nil, err
	}
	if err := n.Check(layout, features, players); err != nil {
		return nil, fmt.Errorf("network %s: %w", path, err)
	}
	return n, nil
}

// Check reports whether the net fits a game of that layout, number of
// features and players.
func (n *Net) Check(layout string, features, players int) error {
	if n.Layout != layout {
		return fmt.Errorf("%w: it was trained for %s (%s), not for this game's %s; train one for it with `stackrules train`",
			ErrNetLayout, n.Game, n.Layout, layout)
	}
	if n.In != features || n.Out != players*n.kinds() {
		return fmt.Errorf("it has %d inputs and %d outputs; the game has %d features and %d players", n.In, n.Out, features, players)
	}
	return nil
}

// kinds is K of Kinds, 1 for a net of returns.
func (n *Net) kinds() int { return max(n.Kinds, 1) }

// Returns turns the outputs out (in the order of the net's players, from
// the perspective's) into each player's expected return, into values (in
// the same order). For a net of returns they are the outputs themselves;
// with K kinds, a player who wins k points gets 0.5+0.5·k/K and the others
// 0.5−0.5·k/K, as Result gives them, so the expectation is
// 0.5 + 0.5/K·(E[points won] − the others' E[points won]), each E the sum
// of the chances of at least 1, 2, ... K points.
func (n *Net) Returns(out []float32, values []float64) {
	K := n.kinds()
	if K == 1 {
		for i := range values {
			values[i] = float64(out[i])
		}
		return
	}
	all := 0.0
	for i := range values {
		e := 0.0
		for _, v := range out[i*K : i*K+K] {
			e += float64(v)
		}
		values[i] = e
		all += e
	}
	for i, e := range values {
		values[i] = min(max(0.5+0.5/float64(K)*(2*e-all), 0), 1)
	}
}

// outcomeTargets writes the outputs a finished game's returns (in the
// net's player order) call for into target: for a net of returns the
// returns; with K kinds, for the winner (the one player above 0.5) of k
// points a 1 for each of its first k outputs, every other output 0 (a draw:
// all 0).
func (n *Net) outcomeTargets(returns, target []float32) {
	K := n.kinds()
	if K == 1 {
		copy(target, returns)
		return
	}
	clear(target)
	for i, r := range returns {
		if r > 0.5 {
			k := int(math.Round(float64(r-0.5) * 2 * float64(K)))
			for j := 0; j < min(max(k, 1), K); j++ {
				target[i*K+j] = 1
			}
		}
	}
}
