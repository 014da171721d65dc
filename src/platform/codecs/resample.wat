;; The resampler's two passes in WebAssembly SIMD (built by scripts/build-resample-wasm.mjs into
;; resample.wasm and resample-wasm.ts). Fixed-point throughout, so every engine gives the same
;; bytes as resample.ts's plain-JavaScript passes: weights are 1.0 = 2^14 (resample-weights.ts),
;; the intermediate image is signed 16-bit with 6 fractional bits (room for Lanczos overshoot).
;; The vertical pass runs first: it is the cheap one (eight channel values per step, rows read
;; straight through), and a reduction then leaves fewer rows for the horizontal one. Both passes
;; multiply two taps at once with i32x4.dot_i16x8_s. The caller lays out the buffers in `memory`
;; and grows it; reads may run one row or a few bytes past a buffer (a zero-weight tap, a pixel
;; pair's second half), so the caller leaves that slack.
(module
  (memory (export "memory") 1)

  ;; RGBA bytes (rows of rowBytes) -> 16-bit values ×64 (rows of rowBytes values), outRows rows.
  ;; Works on four pixels at a time (16 bytes of each of two rows, four accumulators: the loads
  ;; and shuffles of a tap pair serve twice the values of a two-pixel step): when the width is
  ;; not a multiple of four the last step reads up to 12 bytes of the next row and writes up to
  ;; 12 values past the row, which the next row then overwrites (the last row's land in the
  ;; caller's slack).
  (func (export "vertical")
    (param $src i32) (param $rowBytes i32) (param $outRows i32) (param $dst i32)
    (param $starts i32) (param $pairs i32) (param $taps i32)
    (local $y i32) (local $x i32) (local $k i32) (local $p i32) (local $w i32) (local $base i32)
    (local $wrow i32) (local $half i32) (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local $a v128) (local $b v128) (local $al v128) (local $ah v128) (local $bl v128) (local $bh v128) (local $pair v128)
    (local.set $half (i32.shr_u (local.get $taps) (i32.const 1)))
    (block $done
      (br_if $done (i32.eqz (local.get $outRows)))
      (loop $rowsLoop
        (local.set $base (i32.add (local.get $src)
          (i32.mul (i32.load (i32.add (local.get $starts) (i32.shl (local.get $y) (i32.const 2)))) (local.get $rowBytes))))
        (local.set $wrow (i32.add (local.get $pairs) (i32.mul (local.get $y) (i32.shl (local.get $half) (i32.const 2)))))
        (local.set $x (i32.const 0))
        (loop $cols
          (local.set $s0 (i32x4.splat (i32.const 128)))
          (local.set $s1 (local.get $s0))
          (local.set $s2 (local.get $s0))
          (local.set $s3 (local.get $s0))
          (local.set $p (i32.add (local.get $base) (local.get $x)))
          (local.set $w (local.get $wrow))
          (local.set $k (local.get $half))
          (loop $tapsLoop
            (local.set $a (v128.load (local.get $p)))
            (local.set $b (v128.load (i32.add (local.get $p) (local.get $rowBytes))))
            (local.set $al (i16x8.extend_low_i8x16_u (local.get $a)))
            (local.set $ah (i16x8.extend_high_i8x16_u (local.get $a)))
            (local.set $bl (i16x8.extend_low_i8x16_u (local.get $b)))
            (local.set $bh (i16x8.extend_high_i8x16_u (local.get $b)))
            (local.set $pair (v128.load32_splat (local.get $w)))
            (local.set $s0 (i32x4.add (local.get $s0) (i32x4.dot_i16x8_s
              (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $al) (local.get $bl))
              (local.get $pair))))
            (local.set $s1 (i32x4.add (local.get $s1) (i32x4.dot_i16x8_s
              (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $al) (local.get $bl))
              (local.get $pair))))
            (local.set $s2 (i32x4.add (local.get $s2) (i32x4.dot_i16x8_s
              (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $ah) (local.get $bh))
              (local.get $pair))))
            (local.set $s3 (i32x4.add (local.get $s3) (i32x4.dot_i16x8_s
              (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $ah) (local.get $bh))
              (local.get $pair))))
            (local.set $p (i32.add (local.get $p) (i32.shl (local.get $rowBytes) (i32.const 1))))
            (local.set $w (i32.add (local.get $w) (i32.const 4)))
            (local.set $k (i32.sub (local.get $k) (i32.const 1)))
            (br_if $tapsLoop (local.get $k)))
          (v128.store (local.get $dst)
            (i16x8.narrow_i32x4_s
              (i32x4.shr_s (local.get $s0) (i32.const 8))
              (i32x4.shr_s (local.get $s1) (i32.const 8))))
          (v128.store offset=16 (local.get $dst)
            (i16x8.narrow_i32x4_s
              (i32x4.shr_s (local.get $s2) (i32.const 8))
              (i32x4.shr_s (local.get $s3) (i32.const 8))))
          (local.set $dst (i32.add (local.get $dst) (i32.const 32)))
          (local.set $x (i32.add (local.get $x) (i32.const 16)))
          (br_if $cols (i32.lt_u (local.get $x) (local.get $rowBytes))))
        ;; back over the overrun past the row's end, so the next row starts where it should
        (local.set $dst (i32.sub (local.get $dst) (i32.shl (i32.sub (local.get $x) (local.get $rowBytes)) (i32.const 1))))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br_if $rowsLoop (i32.lt_u (local.get $y) (local.get $outRows))))))

  ;; 16-bit rows (srcWidth pixels) -> RGBA bytes (outWidth pixels), rounded and clamped to 0..255.
  (func (export "horizontal")
    (param $src i32) (param $srcWidth i32) (param $rows i32) (param $dst i32) (param $outWidth i32)
    (param $starts i32) (param $pairs i32) (param $taps i32)
    (local $row i32) (local $x i32) (local $k i32) (local $p i32) (local $w i32)
    (local $half i32) (local $acc v128)
    (local.set $half (i32.shr_u (local.get $taps) (i32.const 1)))
    (local.set $row (local.get $src))
    (block $done
      (br_if $done (i32.eqz (local.get $rows)))
      (loop $rowsLoop
        (local.set $x (i32.const 0))
        (local.set $w (local.get $pairs))
        (loop $cols
          (local.set $p (i32.add (local.get $row)
            (i32.shl (i32.load (i32.add (local.get $starts) (i32.shl (local.get $x) (i32.const 2)))) (i32.const 3))))
          (local.set $acc (i32x4.splat (i32.const 524288)))
          (local.set $k (local.get $half))
          (loop $tapsLoop
            ;; two pixels r0 g0 b0 a0 r1 g1 b1 a1 -> r0 r1 g0 g1 b0 b1 a0 a1
            (local.set $acc (i32x4.add (local.get $acc)
              (i32x4.dot_i16x8_s
                (i8x16.shuffle 0 1 8 9 2 3 10 11 4 5 12 13 6 7 14 15 (v128.load (local.get $p)) (v128.const i64x2 0 0))
                (v128.load32_splat (local.get $w)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $w (i32.add (local.get $w) (i32.const 4)))
            (local.set $k (i32.sub (local.get $k) (i32.const 1)))
            (br_if $tapsLoop (local.get $k)))
          (v128.store32_lane 0 (local.get $dst)
            (i8x16.narrow_i16x8_u
              (i16x8.narrow_i32x4_s (i32x4.shr_s (local.get $acc) (i32.const 20)) (v128.const i64x2 0 0))
              (v128.const i64x2 0 0)))
          (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
          (local.set $x (i32.add (local.get $x) (i32.const 1)))
          (br_if $cols (i32.lt_u (local.get $x) (local.get $outWidth))))
        (local.set $row (i32.add (local.get $row) (i32.shl (local.get $srcWidth) (i32.const 3))))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (br_if $rowsLoop (local.get $rows)))))
)
