package tasks

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"
)

// The model file, little-endian throughout:
//
//	magic    "RGTASKM\n"
//	version  u32 (Version)
//	nCmd, nStem, nPost  u32
//	scale    f32: a posting's weight is its u16 times scale
//	k1, b    f64; topK, minSupport, flags u32 (1: pairs); pairWeight f64;
//	         pairMin u32: the parameters it was fitted with, for the record
//	cmdOff   (nCmd+1) u32 into the command names' bytes
//	cmdDocs  nCmd u32: descriptions each command was fitted on
//	cmdNames the names, sorted, concatenated
//	stemOff  (nStem+1) u32 into the stems' bytes
//	stems    the stems, sorted, concatenated; a pair is "a b"
//	postOff  (nStem+1) u32 into the postings
//	postings nPost x (u16 command, u16 weight), by stem, then command
//
// Decode reads the offsets and points into the file for the rest.
const (
	magic   = "RGTASKM\n"
	Version = 1
)

// Params are the fitting parameters.
type Params struct {
	K1, B      float64
	TopK       int     // stems kept per command, by weight
	MinSupport int     // descriptions of a command that must hold a stem for it to count
	Pairs      bool    // adjacent stem pairs as stems of their own
	PairWeight float64 // a pair's weight, times its BM25 weight
	PairMin    int     // MinSupport for pairs
}

// Model is a fitted task → command model.
type Model struct {
	params  Params
	pairs   bool
	scale   float32
	nCmd    int
	nStem   int
	cmdOff  []byte // (nCmd+1) u32
	cmdDoc  []byte
	names   []byte
	stemOff []byte // (nStem+1) u32
	stems   []byte
	postOff []byte // (nStem+1) u32
	post    []byte
	pool    sync.Pool
}

// Params returns the parameters the model was fitted with.
func (m *Model) Params() Params { return m.params }

// NumCommands is the number of commands the model knows.
func (m *Model) NumCommands() int { return m.nCmd }

// NumStems is the number of stems (and pairs) it holds.
func (m *Model) NumStems() int { return m.nStem }

// NumPostings is the number of (stem, command) weights.
func (m *Model) NumPostings() int { return len(m.post) / 4 }

// Command is the name of command i.
func (m *Model) Command(i int) string { return string(m.name(i)) }

func (m *Model) name(i int) []byte { return m.names[off(m.cmdOff, i):off(m.cmdOff, i+1)] }

func off(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[4*i:]) }

func (m *Model) cmdDocs(i int) uint32 { return binary.LittleEndian.Uint32(m.cmdDoc[4*i:]) }

func (m *Model) stem(i int) []byte { return m.stems[off(m.stemOff, i):off(m.stemOff, i+1)] }

// find returns the index of a stem.
func (m *Model) find(key string) (int, bool) {
	n := m.nStem
	lo, hi := 0, n
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if string(m.stem(h)) < key {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo, lo < n && string(m.stem(lo)) == key
}

func (m *Model) postings(i int) (int, int) { return int(off(m.postOff, i)), int(off(m.postOff, i+1)) }

func (m *Model) posting(p int) (uint32, float32) {
	b := m.post[4*p:]
	return uint32(binary.LittleEndian.Uint16(b)), float32(binary.LittleEndian.Uint16(b[2:])) * m.scale
}

// Weights returns the model's weights of a command: stem → weight, for
// tests and inspection (it walks every posting).
func (m *Model) Weights(name string) map[string]float64 {
	c, ok := m.command(name)
	if !ok {
		return nil
	}
	out := map[string]float64{}
	for i := 0; i < m.NumStems(); i++ {
		lo, hi := m.postings(i)
		for p := lo; p < hi; p++ {
			if cc, w := m.posting(p); int(cc) == c {
				out[string(m.stem(i))] = float64(w)
			}
		}
	}
	return out
}

// built is a model before encoding: what Fit makes.
type built struct {
	params Params
	cmds   []string
	docs   []int
	stems  []string
	post   [][]posting // by stem, by command
}

type posting struct {
	cmd int
	w   float64
}

// Encode writes the model file.
func (b *built) Encode() ([]byte, error) {
	if len(b.cmds) > math.MaxUint16+1 {
		return nil, fmt.Errorf("tasks: %d commands, more than format %d holds", len(b.cmds), Version)
	}
	if !sort.StringsAreSorted(b.cmds) || !sort.StringsAreSorted(b.stems) {
		return nil, errors.New("tasks: commands and stems must be sorted")
	}
	maxW := 0.0
	nPost := 0
	for _, ps := range b.post {
		for _, p := range ps {
			maxW = max(maxW, p.w)
		}
		nPost += len(ps)
	}
	scale := float32(maxW / math.MaxUint16)
	if scale == 0 {
		scale = 1
	}
	var buf bytes.Buffer
	le := binary.LittleEndian
	u32 := func(v uint32) { buf.Write(le.AppendUint32(nil, v)) }
	f32 := func(v float32) { u32(math.Float32bits(v)) }
	f64 := func(v float64) { buf.Write(le.AppendUint64(nil, math.Float64bits(v))) }
	buf.WriteString(magic)
	u32(Version)
	u32(uint32(len(b.cmds)))
	u32(uint32(len(b.stems)))
	u32(uint32(nPost))
	f32(scale)
	f64(b.params.K1)
	f64(b.params.B)
	u32(uint32(b.params.TopK))
	u32(uint32(b.params.MinSupport))
	flags := uint32(0)
	if b.params.Pairs {
		flags |= 1
	}
	u32(flags)
	f64(b.params.PairWeight)
	u32(uint32(b.params.PairMin))
	strs := func(ss []string) {
		off := uint32(0)
		u32(0)
		for _, s := range ss {
			off += uint32(len(s))
			u32(off)
		}
	}
	strs(b.cmds)
	for _, d := range b.docs {
		u32(uint32(d))
	}
	for _, s := range b.cmds {
		buf.WriteString(s)
	}
	strs(b.stems)
	for _, s := range b.stems {
		buf.WriteString(s)
	}
	off := uint32(0)
	u32(0)
	for _, ps := range b.post {
		off += uint32(len(ps))
		u32(off)
	}
	for _, ps := range b.post {
		for _, p := range ps {
			q := math.Round(p.w / float64(scale))
			if q < 1 {
				q = 1 // a kept weight is never 0
			}
			buf.Write(le.AppendUint16(nil, uint16(p.cmd)))
			buf.Write(le.AppendUint16(nil, uint16(min(q, math.MaxUint16))))
		}
	}
	return buf.Bytes(), nil
}

var errFormat = errors.New("tasks: not a task model file, or a damaged one")

// Decode reads a model file. The model points into data, which must not
// change while it is used.
func Decode(data []byte) (*Model, error) {
	le := binary.LittleEndian
	const head = len(magic) + 4*9 + 8*3 // the fixed fields
	if len(data) < head || string(data[:len(magic)]) != magic {
		return nil, errFormat
	}
	p := len(magic)
	u32 := func() uint32 {
		v := le.Uint32(data[p:])
		p += 4
		return v
	}
	f32 := func() float32 { return math.Float32frombits(u32()) }
	f64 := func() float64 {
		v := le.Uint64(data[p:])
		p += 8
		return math.Float64frombits(v)
	}
	if v := u32(); v != Version {
		return nil, fmt.Errorf("tasks: model format %d, this ragman reads %d", v, Version)
	}
	nCmd, nStem, nPost := int(u32()), int(u32()), int(u32())
	m := &Model{}
	m.scale = f32()
	m.params.K1 = f64()
	m.params.B = f64()
	m.params.TopK = int(u32())
	m.params.MinSupport = int(u32())
	flags := u32()
	m.params.Pairs = flags&1 != 0
	m.pairs = m.params.Pairs
	m.params.PairWeight = f64()
	m.params.PairMin = int(u32())
	if nCmd > math.MaxUint16+1 {
		return nil, errFormat
	}
	bytesN := func(n int) ([]byte, bool) {
		if n < 0 || len(data)-p < n {
			return nil, false
		}
		b := data[p : p+n : p+n]
		p += n
		return b, true
	}
	// offs reads n+1 offsets, rising from 0
	offs := func(n int) ([]byte, bool) {
		if n < 0 || n > (len(data)-p)/4-1 {
			return nil, false
		}
		b, _ := bytesN(4 * (n + 1))
		prev := uint32(0)
		for i := 0; i <= n; i++ {
			v := le.Uint32(b[4*i:])
			if v < prev || i == 0 && v != 0 {
				return nil, false
			}
			prev = v
		}
		return b, true
	}
	m.nCmd, m.nStem = nCmd, nStem
	var ok bool
	if m.cmdOff, ok = offs(nCmd); !ok {
		return nil, errFormat
	}
	if m.cmdDoc, ok = bytesN(4 * nCmd); !ok {
		return nil, errFormat
	}
	if m.names, ok = bytesN(int(off(m.cmdOff, nCmd))); !ok {
		return nil, errFormat
	}
	if m.stemOff, ok = offs(nStem); !ok {
		return nil, errFormat
	}
	if m.stems, ok = bytesN(int(off(m.stemOff, nStem))); !ok {
		return nil, errFormat
	}
	if m.postOff, ok = offs(nStem); !ok || int(off(m.postOff, nStem)) != nPost {
		return nil, errFormat
	}
	if nPost < 0 || nPost > len(data)/4 {
		return nil, errFormat
	}
	if m.post, ok = bytesN(4 * nPost); !ok || p != len(data) {
		return nil, errFormat
	}
	for i := 0; i < nPost; i++ {
		if int(le.Uint16(m.post[4*i:])) >= nCmd {
			return nil, errFormat
		}
	}
	return m, nil
}
