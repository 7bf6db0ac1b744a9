// Package fastreview holds types chosen to stress the generated decoders'
// fast path (fastNormgen, lenientimpl.Fast) against the Decoder path: pointer
// and named scalars, every integer and float width, bounds that are not
// integers, enums and value aliases, unescape, wrap, strict fields, maps
// of structs, slices of slices, JSON text, defaults and required fields.
// Its tests decode each input with the fast path on and off (through
// UnmarshalJSON and UnmarshalJSONReport, into zero and pre-filled values)
// and compare value, fixes, error, slice capacities and nil-ness: hand-
// picked documents (TestCases), generated ones (TestRandomDifferential,
// -fastreview.n sets how many), two fuzz targets and rulecheck. The
// divergences it found are fixed and keep a test each (bugs_test.go).
package fastreview

import "encoding/json"

//go:generate go run github.com/normgen/normgen/cmd/normgen

// Mode is a named string.
type Mode string

// Modes are Modes by name, for an enum of a map's values.
type Modes map[string]*Mode

// Level is a named small integer.
type Level int8

// Ratio is a named float32.
type Ratio float32

// uint8Alias is a named uint16 in a wrapped slice.
type uint8Alias uint16

// Tags is a named slice.
type Tags []string

// Counts is a named map.
type Counts map[string]int

// ScalarsInput has a field of every scalar kind and width.
//
//normgen:tool scalars
type ScalarsInput struct {
	S       string   `json:"s,omitempty"`
	PS      *string  `json:"ps,omitempty"`
	B       bool     `json:"b,omitempty"`
	PB      *bool    `json:"pb,omitempty"`
	SB      bool     `json:"sb,omitempty" norm:"bool=strict"`
	I8      int8     `json:"i8,omitempty"`
	I16     int16    `json:"i16,omitempty"`
	I32     int32    `json:"i32,omitempty"`
	I64     int64    `json:"i64,omitempty"`
	I       int      `json:"i,omitempty"`
	PI      *int     `json:"pi,omitempty"`
	PI8     *int8    `json:"pi8,omitempty"`
	U8      uint8    `json:"u8,omitempty"`
	U16     uint16   `json:"u16,omitempty"`
	U32     uint32   `json:"u32,omitempty"`
	U64     uint64   `json:"u64,omitempty"`
	U       uint     `json:"u,omitempty"`
	PU16    *uint16  `json:"pu16,omitempty"`
	F32     float32  `json:"f32,omitempty"`
	F64     float64  `json:"f64,omitempty"`
	PF32    *float32 `json:"pf32,omitempty"`
	M       Mode     `json:"m,omitempty"`
	PM      *Mode    `json:"pm,omitempty"`
	L       Level    `json:"l,omitempty"`
	PL      *Level   `json:"pl,omitempty"`
	R       Ratio    `json:"r,omitempty"`
	StrictI int      `json:"strict_i,omitempty" norm:"strict"`
	StrictB bool     `json:"strict_b,omitempty" norm:"strict"`
	StrictF float64  `json:"strict_f,omitempty" norm:"strict"`
	Un      string   `json:"un,omitempty" norm:"unescape"`
	PUn     *string  `json:"pun,omitempty" norm:"unescape"`
}

// BoundsInput has checks: bounds that are and are not integers, string
// lengths, a pattern, enums, value aliases and item counts.
//
//normgen:tool bounds
type BoundsInput struct {
	A     int      `json:"a,omitempty" jsonschema:"minimum=1.5,maximum=10.5"`
	B     int      `json:"b,omitempty" jsonschema:"exclusiveMinimum=0.5,exclusiveMaximum=9.99"`
	C     uint8    `json:"c,omitempty" jsonschema:"minimum=-1.5,maximum=200"`
	D     float32  `json:"d,omitempty" jsonschema:"minimum=0.1,maximum=0.3"`
	E     float64  `json:"e,omitempty" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=1e2"`
	G     int64    `json:"g,omitempty" jsonschema:"minimum=-9223372036854775808,maximum=9223372036854775807"`
	H     uint64   `json:"h,omitempty" jsonschema:"maximum=18446744073709551615"`
	PI    *int     `json:"pi,omitempty" jsonschema:"minimum=1e1"`
	U16   uint16   `json:"u16,omitempty" jsonschema:"exclusiveMaximum=65535.5"`
	L     Level    `json:"l,omitempty" jsonschema:"minimum=-3,maximum=3"`
	S     string   `json:"s,omitempty" jsonschema:"minLength=2,maxLength=4"`
	P     string   `json:"p,omitempty" jsonschema:"pattern=^[a-z]+$"`
	En    string   `json:"en,omitempty" jsonschema:"enum=a,enum=b,enum=é"`
	V     string   `json:"v,omitempty" jsonschema:"enum=a,enum=b,enum=c" norm:"value_alias=x:a|y:b"`
	VS    []string `json:"vs,omitempty" norm:"value_alias=x:a|y:b"`
	ES    []string `json:"es,omitempty" jsonschema:"enum=a,enum=b,enum=é"`
	EM    Modes    `json:"em,omitempty" jsonschema:"enum=on,enum=off"`
	VN    string   `json:"vn,omitempty" norm:"value_alias=x:a|\\n:nl"`
	PV    *Mode    `json:"pv,omitempty" jsonschema:"enum=on,enum=off" norm:"value_alias=1:on|0:off"`
	ET    string   `json:"et,omitempty" jsonschema:"enum=true,enum=false,enum=auto"`
	EI    *string  `json:"ei,omitempty" jsonschema:"enum=1,enum=2,enum=3,enum=x"`
	EN    int      `json:"enn,omitempty" jsonschema:"enum=1,enum=2,enum=3"`
	PEN   *int16   `json:"pen,omitempty" jsonschema:"enum=-1,enum=0"`
	Items []int    `json:"items,omitempty" jsonschema:"minItems=1,maxItems=3"`
	PIts  *[]int8  `json:"pits,omitempty" jsonschema:"minItems=2"`
}

// Inner is a small nested struct.
type Inner struct {
	N  int      `json:"n,omitempty"`
	S  string   `json:"s,omitempty"`
	Xs []uint16 `json:"xs,omitempty"`
	F  *float32 `json:"f,omitempty"`
}

// Leaf is the innermost of a deep chain.
type Leaf struct {
	V []string `json:"v,omitempty"`
}

// Mid holds a leaf.
type Mid struct {
	Leaf  Leaf            `json:"leaf,omitempty"`
	PLeaf *Leaf           `json:"pleaf,omitempty"`
	Map   map[string]Leaf `json:"map,omitempty"`
}

// ContainersInput has slices, maps, nested structs, pointers to each,
// named containers, wrap, strict and unescape containers.
//
//normgen:tool containers
type ContainersInput struct {
	Tags   Tags                         `json:"tags,omitempty"`
	Counts Counts                       `json:"counts,omitempty"`
	W      []string                     `json:"w,omitempty" norm:"wrap"`
	WI     []int                        `json:"wi,omitempty" norm:"wrap"`
	WU8    []uint8Alias                 `json:"wu8,omitempty" norm:"wrap"`
	WB     []bool                       `json:"wb,omitempty" norm:"wrap,strict"`
	SS     [][]string                   `json:"ss,omitempty"`
	SSS    [][][]int                    `json:"sss,omitempty"`
	MS     map[string]Inner             `json:"ms,omitempty"`
	MPS    map[string]*Inner            `json:"mps,omitempty"`
	MM     map[string][]map[string]int  `json:"mm,omitempty"`
	MSl    map[string][]string          `json:"msl,omitempty"`
	MPI    map[string]*int              `json:"mpi,omitempty"`
	PSl    *[]int                       `json:"psl,omitempty"`
	PMap   *map[string]string           `json:"pmap,omitempty"`
	PIn    *Inner                       `json:"pin,omitempty"`
	In     Inner                        `json:"in,omitempty"`
	SPs    []*int                       `json:"sps,omitempty"`
	SPI    []*Inner                     `json:"spi,omitempty"`
	STags  []Tags                       `json:"stags,omitempty"`
	SF32   []float32                    `json:"sf32,omitempty"`
	SBool  []bool                       `json:"sbool,omitempty"`
	SM     []map[string]string          `json:"sm,omitempty"`
	StrA   []int                        `json:"stra,omitempty" norm:"strict"`
	StrO   Inner                        `json:"stro,omitempty" norm:"strict"`
	StrM   map[string]int               `json:"strm,omitempty" norm:"strict"`
	Mid    Mid                          `json:"mid,omitempty"`
	Mids   []Mid                        `json:"mids,omitempty"`
	Deep   map[string][]map[string]Leaf `json:"deep,omitempty"`
	Bnd    *BoundsInput                 `json:"bnd,omitempty"`
	Bnds   []BoundsInput                `json:"bnds,omitempty"`
}

// DeepInput nests arrays up to the fast path's depth (an object and 63
// arrays are 64 levels) and one past it.
//
//normgen:tool deep
type DeepInput struct {
	D63 [][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][]int   `json:"d63,omitempty"`
	D64 [][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][]int `json:"d64,omitempty"`
	T   string                                                                                                                              `json:"t,omitempty"`
}

// RawHolder holds a json.RawMessage: it and what holds it have no fast
// path; the Inner it holds does.
//
//normgen:tool raw
type RawHolder struct {
	Raw   json.RawMessage `json:"raw,omitempty"`
	Inner Inner           `json:"inner,omitempty"`
}

// Part is an element with an {{index}} default.
type Part struct {
	ID   string `json:"id,omitempty" jsonschema:"default=part-{{index}}"`
	Qty  int    `json:"qty,omitempty" jsonschema:"default=1"`
	Name string `json:"name"`
}

// Opts is a nested struct with defaults.
type Opts struct {
	Level   Level    `json:"level,omitempty" jsonschema:"default=2"`
	Ratio   *float32 `json:"ratio,omitempty" jsonschema:"default=0.5"`
	Verbose bool     `json:"verbose,omitempty" jsonschema:"default=true"`
	Label   Mode     `json:"label,omitempty" jsonschema:"default=lbl"`
}

// DefaultsInput has required fields, defaults at the top and nested, and
// aliases.
//
//normgen:tool defaults
type DefaultsInput struct {
	Req   string  `json:"req" norm:"alias=r|required"`
	ReqI  int     `json:"req_i"`
	DS    string  `json:"ds,omitempty" jsonschema:"default=x"`
	DI    int     `json:"di,omitempty" jsonschema:"default=7"`
	DP    *int    `json:"dp,omitempty" jsonschema:"default=3"`
	DU    uint8   `json:"du,omitempty" jsonschema:"default=255"`
	DF    float32 `json:"df,omitempty" jsonschema:"default=1.5"`
	DM    Mode    `json:"dm,omitempty" jsonschema:"default=m"`
	Opts  Opts    `json:"opts,omitempty"`
	POpts *Opts   `json:"popts,omitempty"`
	Parts []Part  `json:"parts,omitempty"`
	Tags  Tags    `json:"tags,omitempty" norm:"wrap"`
}

// Closed rejects unknown keys.
//
//normgen:unknown=error
type Closed struct {
	A int    `json:"a,omitempty"`
	B string `json:"b,omitempty"`
}

// Base is embedded in StrictInput.
type Base struct {
	ID   string `json:"id,omitempty"`
	Kind Mode   `json:"kind,omitempty"`
}

// StrictInput rejects unknown keys and embeds a struct.
//
//normgen:tool strict
//normgen:unknown=error
type StrictInput struct {
	Base
	C      Closed            `json:"c,omitempty"`
	Cs     []Closed          `json:"cs,omitempty"`
	Cm     map[string]Closed `json:"cm,omitempty"`
	Flag   bool              `json:"flag,omitempty"`
	Amount float64           `json:"amount,omitempty"`
}

// Alias is a type alias of string.
type Alias = string

// Named is a named map of named slices.
type Named map[string]List

// List is a named slice of a named string.
type List []Mode

// Emb is embedded under a name of its own.
type Emb struct {
	B int `json:"b,omitempty"`
}

// OddInput has pointers to containers, containers of pointers, named
// containers of named types, an alias and a struct embedded with a name
// (the generator refuses the ",string" option).
//
//normgen:tool odd
type OddInput struct {
	PSP *[]*int            `json:"psp,omitempty"`
	SPS []*[]int           `json:"sps,omitempty"`
	MPS map[string]*[]int  `json:"mps,omitempty"`
	PMP *map[string]*Inner `json:"pmp,omitempty"`
	SPM []*Mode            `json:"spm,omitempty"`
	N   Named              `json:"n,omitempty"`
	AL  Alias              `json:"al,omitempty"`
	PAL *Alias             `json:"pal,omitempty"`
	Emb `json:"emb,omitempty"`
	Str int                 `json:"str,omitempty"`
	MSP map[string][]*Inner `json:"msp,omitempty"`
	SMP []map[string]*Inner `json:"smp,omitempty"`
}

// ReportBase is embedded in ReportInput: its fields are the top-level
// object's, with an alias and a default of their own.
type ReportBase struct {
	ID    string `json:"id,omitempty" norm:"alias=ident|the id"`
	Level Level  `json:"lvl,omitempty" jsonschema:"default=-3"`
}

// ReportInput has aliases on fields of every kind, keys (and aliases) a
// path quotes, and defaults of every scalar kind, for the fixes the fast
// path records (lenientimpl.Fast.Start) next to the Decoder's.
//
//normgen:tool report
type ReportInput struct {
	ReportBase
	S    string             `json:"s,omitempty" norm:"alias=str|old s"`
	I    int                `json:"i,omitempty" norm:"alias=int_v|$i"`
	I8   int8               `json:"i8,omitempty" norm:"alias=i8_v"`
	U    uint16             `json:"u,omitempty" norm:"alias=uint_v"`
	U64  uint64             `json:"u64,omitempty" norm:"alias=u64_v"`
	F    float32            `json:"f,omitempty" norm:"alias=float_v"`
	F64  float64            `json:"f64,omitempty" norm:"alias=f64_v"`
	B    bool               `json:"b,omitempty" norm:"alias=bool_v"`
	SB   bool               `json:"sb,omitempty" norm:"bool=strict,alias=sb_v"`
	PI   *int               `json:"p i,omitempty" norm:"alias=pi"`
	PB   *bool              `json:"p b,omitempty" norm:"alias=pb"`
	Sl   []int              `json:"a b,omitempty" norm:"alias=sl"`
	M    map[string]int     `json:"a-b,omitempty" norm:"alias=mp"`
	In   Inner              `json:"x 0,omitempty" norm:"alias=inner"`
	PIn  *Inner             `json:"pin,omitempty" norm:"alias=p_in"`
	W    []string           `json:"w,omitempty" norm:"wrap,alias=ww"`
	Str  int                `json:"strict,omitempty" norm:"strict,alias=st"`
	Un   string             `json:"un,omitempty" norm:"unescape,alias=un_v"`
	SS   [][]string         `json:"ss,omitempty" norm:"alias=s_s"`
	MM   map[string][]int   `json:"m m,omitempty"`
	DS   string             `json:"d s,omitempty" jsonschema:"default=a\"b<é"`
	DI   int8               `json:"di,omitempty" jsonschema:"default=-128"`
	DU   uint64             `json:"du,omitempty" jsonschema:"default=18446744073709551615"`
	DF   float64            `json:"d f,omitempty" jsonschema:"default=1e2"`
	DF32 float32            `json:"df32,omitempty" jsonschema:"default=0.1"`
	DB   bool               `json:"db,omitempty" jsonschema:"default=true"`
	DPF  *float32           `json:"dpf,omitempty" jsonschema:"default=-0.5"`
	DPB  *bool              `json:"dpb,omitempty" jsonschema:"default=false"`
	DPS  *Mode              `json:"dps,omitempty" norm:"alias=dps_v" jsonschema:"default=m"`
	DA   int                `json:"da,omitempty" norm:"alias=da_v" jsonschema:"default=5"`
	Opts Opts               `json:"opts,omitempty" norm:"alias=options"`
	PMap *map[string]string `json:"pmap,omitempty" norm:"alias=p_map"`
}

// ReportPaths has keys and aliases a rule path cannot name, whose fixes'
// paths quote them (the rule table leaves them out: rulecheck does not
// check this tool).
//
//normgen:tool report_paths
type ReportPaths struct {
	I  int            `json:"i.v,omitempty" norm:"alias=i[0]|i{}"`
	In Inner          `json:"x[0],omitempty" norm:"alias=a.b"`
	M  map[string]int `json:"m{}" norm:"alias=m.m"`
	SL []string       `json:"s]l,omitempty" norm:"wrap"`
	B  *bool          `json:"b.b,omitempty" jsonschema:"default=true"`
	F  float32        `json:"f[],omitempty" jsonschema:"default=2.5"`
}

// ClosedReport rejects unknown keys and has an alias and a default.
//
//normgen:tool closed_report
//normgen:unknown=error
type ClosedReport struct {
	A int    `json:"a,omitempty" norm:"alias=aa"`
	B string `json:"b,omitempty" jsonschema:"default=bee"`
}
