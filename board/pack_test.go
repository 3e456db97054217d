package board_test

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stackrules/stackrules/board"
)

// TestPackedFieldsArePlain checks what packing a position as bytes relies
// on: Cells, then Tops, then the fields copied as they are, none of them a
// pointer, slice, map or anything else the bytes would not carry.
func TestPackedFieldsArePlain(t *testing.T) {
	typ := reflect.TypeOf(board.Position{})
	if typ.Field(0).Name != "Cells" || typ.Field(1).Name != "Tops" || typ.Field(2).Name != "Showing" {
		t.Fatalf("Position starts with %s, %s, %s; packing wants Cells, Tops, then the rest", typ.Field(0).Name, typ.Field(1).Name, typ.Field(2).Name)
	}
	var plain func(reflect.Type) bool
	plain = func(t reflect.Type) bool {
		switch t.Kind() {
		case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int,
			reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
			return true
		case reflect.Array:
			return plain(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if !plain(t.Field(i).Type) {
					return false
				}
			}
			return true
		}
		return false
	}
	for i := range typ.NumField() {
		if f := typ.Field(i); !plain(f.Type) {
			t.Errorf("Position.%s is a %s: a packed position would not carry it", f.Name, f.Type)
		}
	}
}

// TestPackedRoundTrip packs random positions of a dark-squares board and
// reads them back: the same position, Tops made again, in fewer bytes.
func TestPackedRoundTrip(t *testing.T) {
	b := mustBoard(t, mustGrid(t, 8, 8, isDark), "bwBW")
	rng := rand.New(rand.NewPCG(29, 1))
	var buf []byte
	for i := 0; i < 200; i++ {
		var p board.Position
		for sq := 0; sq < b.NumSquares(); sq++ {
			if rng.IntN(3) == 0 {
				continue
			}
			s, err := b.ParseStack([]string{"b", "w", "B", "bw", "wwb"}[rng.IntN(5)])
			if err != nil {
				t.Fatal(err)
			}
			p.Set(b, board.Square(sq), s)
		}
		p.ToMove = uint8(i % 2)
		p.Off[1], p.Hand[0], p.Ply, p.Dice = int16(i), 3, uint16(i), [2]uint8{6, uint8(i % 6)}
		buf = b.AppendPacked(buf[:0], &p)
		buf = append(buf, 0xAB) // what follows is not read
		var q board.Position
		q.Cells[70] = 5 // and the cells are cleared
		if n := b.UnpackPosition(buf, &q); n != len(buf)-1 {
			t.Fatalf("read %d bytes of %d", n, len(buf)-1)
		}
		if q != p {
			t.Fatalf("%s packs and reads back as %s", b.FormatPosition(&p), b.FormatPosition(&q))
		}
		if len(buf) >= int(unsafe.Sizeof(p))/2 {
			t.Fatalf("packed in %d bytes of %d", len(buf), unsafe.Sizeof(p))
		}
	}
}
