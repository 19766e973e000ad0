package main

import (
	"bytes"
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // registers png, jpg, jpeg, tif, tiff
	_ "gonum.org/v1/plot/vg/vgpdf" // registers pdf
	_ "gonum.org/v1/plot/vg/vgsvg" // registers svg

	"wordengine/game/outfile"
	"wordengine/search/analysis"
)

// seatColors are the players' line colours in the plots.
var seatColors = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
}

// plotFormats are the extensions of the files --plot writes, each the
// name of its format in gonum's plot (draw.NewFormattedCanvas). Its eps
// is left out: the files it writes start "%%!PS", which EPS readers do
// not take.
var plotFormats = []string{"png", "svg", "pdf", "jpg", "jpeg", "tif", "tiff"}

// plotFormatsHelp lists plotFormats for help and errors: ".png, .svg,
// ... or .eps".
func plotFormatsHelp() string {
	exts := make([]string, len(plotFormats))
	for i, f := range plotFormats {
		exts[i] = "." + f
	}
	return orWords(exts)
}

// plotFormat returns the format of the plot file path, from its
// extension (any case): png, svg, pdf, ... The error names --plot and
// the extensions allowed.
func plotFormat(path string) (string, error) {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	for _, f := range plotFormats {
		if ext == f {
			return f, nil
		}
	}
	if ext == "" {
		return "", fmt.Errorf("--plot %s: the file name has no extension to tell the format: want %s", path, plotFormatsHelp())
	}
	return "", fmt.Errorf("--plot %s: no plot format .%s: want %s", path, ext, plotFormatsHelp())
}

// orWords joins words as "a, b or c".
func orWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// writePlot draws report r to the file path, in the format of its
// extension (plotFormat): above, every player's score by turn; below,
// every player's cumulative value lost by turn. The file is written under
// a temporary name and renamed when complete.
func writePlot(path string, r *analysis.Report) error {
	format, err := plotFormat(path)
	if err != nil {
		return err
	}
	seats := len(r.Players)
	if seats == 0 || len(r.Moves) == 0 {
		return fmt.Errorf("--plot %s: %s has no move to draw", path, r.Name)
	}
	scores := make([]plotter.XYs, seats)
	lost := make([]plotter.XYs, seats)
	cum := make([]float64, seats)
	for p := range seats {
		lost[p] = append(lost[p], plotter.XY{X: 0, Y: 0})
	}
	for _, m := range r.Moves {
		for p := range min(seats, len(m.Scores)) {
			scores[p] = append(scores[p], plotter.XY{X: float64(m.Turn - 1), Y: float64(m.Scores[p])})
		}
		if m.Seat < seats {
			cum[m.Seat] += m.Lost
			lost[m.Seat] = append(lost[m.Seat], plotter.XY{X: float64(m.Turn), Y: cum[m.Seat]})
		}
	}
	last := float64(r.Moves[len(r.Moves)-1].Turn)
	for p := range min(seats, len(r.Final)) {
		scores[p] = append(scores[p], plotter.XY{X: last, Y: float64(r.Final[p])})
	}
	top := plot.New()
	top.Title.Text = filepath.Base(r.Name) + ": scores"
	top.X.Label.Text = "turn"
	top.Y.Label.Text = "points"
	bottom := plot.New()
	bottom.Title.Text = "cumulative value lost (" + r.Player + ")"
	bottom.X.Label.Text = "turn"
	bottom.Y.Label.Text = "points"
	for p := range seats {
		name := r.Players[p].Name
		if name == "" {
			name = fmt.Sprintf("player %d", p+1)
		}
		col := seatColors[p%len(seatColors)]
		for _, pl := range []struct {
			plt *plot.Plot
			xys plotter.XYs
		}{{top, scores[p]}, {bottom, lost[p]}} {
			if len(pl.xys) == 0 {
				continue
			}
			l, err := plotter.NewLine(pl.xys)
			if err != nil {
				return fmt.Errorf("--plot: %w", err)
			}
			l.Color = col
			l.Width = vg.Points(1.5)
			pl.plt.Add(l)
			pl.plt.Legend.Add(name, l)
		}
	}
	top.Legend.Top, bottom.Legend.Top = true, true
	top.Legend.Left, bottom.Legend.Left = true, true
	const w, h = 8 * vg.Inch, 8 * vg.Inch
	img, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return fmt.Errorf("--plot %s: %w", path, err)
	}
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Points(8), PadBottom: vg.Points(8), PadLeft: vg.Points(8), PadRight: vg.Points(12), PadY: vg.Points(16)}
	canvases := plot.Align([][]*plot.Plot{{top}, {bottom}}, tiles, dc)
	top.Draw(canvases[0][0])
	bottom.Draw(canvases[1][0])
	var data bytes.Buffer
	if _, err := img.WriteTo(&data); err != nil {
		return fmt.Errorf("--plot %s: %w", path, err)
	}
	if err := outfile.WriteFile(path, data.Bytes()); err != nil {
		return fmt.Errorf("--plot: %w", err)
	}
	return nil
}
