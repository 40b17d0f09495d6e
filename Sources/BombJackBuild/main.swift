import BuildSupport

BuildRunner.main(BombJackTool.source)
