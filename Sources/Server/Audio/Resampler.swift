import Glibc

/// Converts mono sound from one sample rate to another, as the 16-bit PCM the sinks play.
///
/// Each output sample is the input convolved with a Kaiser-windowed sinc (band-limited
/// interpolation). A sound icon is usually 16 or 44.1 kHz and the speech 22.05 kHz: linear
/// interpolation would leave images of the icon's highs when it goes up, and alias them into
/// audible whistles when it comes down, while a sinc filter of 32 zero crossings each side costs
/// nothing that matters for a sound decoded once and cached. The filter's cutoff sits below the
/// lower of the two Nyquist frequencies, so that its transition band, and not the passband, is what
/// folds back: about 0.85 of that Nyquist frequency passes flat, and the stopband, at about 80 dB,
/// begins at it.
public struct Resampler: Sendable {
    public let inputRate: Int
    public let outputRate: Int

    /// Zero crossings of the sinc on each side of its centre.
    static let zeroCrossings = 32
    /// Table entries per zero crossing; the kernel between them is interpolated linearly.
    static let resolution = 256
    /// Kaiser's β for about 80 dB of stopband attenuation.
    static let kaiserBeta = 8.0
    /// The cutoff, as a share of the lower Nyquist frequency: the transition band of this filter is
    /// about 0.15 of it wide, centred here.
    static let cutoffShare = 0.925

    private static let kernel: [Float] = makeKernel()

    public init(from inputRate: Int, to outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0, "sample rates are positive")
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    /// `samples` at `outputRate`, multiplied by `volume` (1 leaves it as it is) and clipped to 16 bits.
    public func resample(_ samples: [Float], volume: Float = 1) -> [Int16] {
        let gain = volume * 32_768
        guard inputRate != outputRate else { return samples.map { Self.clip($0 * gain) } }
        let outputCount = Int((Double(samples.count) * Double(outputRate) / Double(inputRate)).rounded())
        // The filter's frequencies in cycles per input sample: its cutoff, as a share of the input's Nyquist.
        let cutoff = Self.cutoffShare * min(1, Double(outputRate) / Double(inputRate))
        let reach = Double(Self.zeroCrossings) / cutoff
        let step = Double(inputRate) / Double(outputRate)
        let tableStep = cutoff * Double(Self.resolution)
        let kernel = Self.kernel
        let lastTableIndex = kernel.count - 1
        return samples.withUnsafeBufferPointer { input in
            kernel.withUnsafeBufferPointer { table in
                (0..<outputCount).map { index in
                    let centre = Double(index) * step
                    let first = max(0, Int((centre - reach).rounded(.up)))
                    let last = min(input.count - 1, Int((centre + reach).rounded(.down)))
                    var sum: Double = 0
                    if first <= last {
                        for position in first...last {
                            let place = abs(centre - Double(position)) * tableStep
                            let whole = Int(place)
                            guard whole < lastTableIndex else { continue }
                            let fraction = Float(place - Double(whole))
                            let weight = table[whole] + (table[whole + 1] - table[whole]) * fraction
                            sum += Double(weight * input[position])
                        }
                    }
                    return Self.clip(Float(sum * cutoff) * gain)
                }
            }
        }
    }

    private static func clip(_ value: Float) -> Int16 {
        guard value.isFinite else { return 0 }
        return Int16(max(-32_768, min(32_767, value.rounded())))
    }

    /// One side of the windowed sinc, from its centre to its last zero crossing, in steps of 1/`resolution` crossing.
    private static func makeKernel() -> [Float] {
        let count = zeroCrossings * resolution
        let windowScale = 1 / besselI0(kaiserBeta)
        return (0...count).map { index in
            let x = Double(index) / Double(resolution)
            let sinc = index == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
            let edge = x / Double(zeroCrossings)
            let window = besselI0(kaiserBeta * (max(0, 1 - edge * edge)).squareRoot()) * windowScale
            return Float(sinc * window)
        }
    }

    /// The modified Bessel function of the first kind, order zero, by its power series.
    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        let quarterSquare = x * x / 4
        var k = 1.0
        while term > sum * 1e-12 {
            term *= quarterSquare / (k * k)
            sum += term
            k += 1
        }
        return sum
    }
}
