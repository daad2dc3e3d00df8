import LottieScene

// The scene's transform type under its own name in every file of this module (the text files use
// `Affine` without importing the scene module).
typealias Affine = LottieScene.Affine
